import { describe, expect, it } from 'vitest';
import { translate } from '../lib/i18n/translate';
import { PATHS } from '../lib/navigation';
import { pageTitleKey } from './page-titles';

describe('page titles', () => {
  it('title the add-or-edit pages "add" without an id and "edit" with one', () => {
    expect(pageTitleKey(PATHS.addressEdit, {})).toBe('title.addressEdit');
    expect(pageTitleKey(PATHS.addressEdit, { id: 'a-1' })).toBe('title.addressEditing');
    expect(pageTitleKey(PATHS.withdrawalTypeEdit, {})).toBe('title.withdrawalTypeEdit');
    expect(pageTitleKey(PATHS.withdrawalTypeEdit, { id: 'c-1' })).toBe('title.withdrawalTypeEditing');
    expect(pageTitleKey(PATHS.shop, { id: 'g-1' })).toBe('title.shop');
    expect(translate('en', pageTitleKey(PATHS.addressEdit, {}))).toBe('Add address');
    expect(translate('zh-Hans', pageTitleKey(PATHS.withdrawalTypeEdit, {}))).toBe('添加收款方式');
  });
});
