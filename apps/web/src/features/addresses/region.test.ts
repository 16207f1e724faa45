import { areaList } from '@vant/area-data';
import { describe, expect, it } from 'vitest';
import { buildRegionOptions, regionCodes, regionText } from './region';

const OPTIONS = buildRegionOptions(areaList);

describe('regions from the administrative division data', () => {
  it('builds province → city → district with the standard codes', () => {
    const guangdong = OPTIONS.find((option) => option.value === '440000');
    expect(guangdong?.label).toBe('广东省');
    const guangzhou = guangdong?.children?.find((option) => option.value === '440100');
    expect(guangzhou?.label).toBe('广州市');
    expect(guangzhou?.children?.find((option) => option.value === '440106')).toEqual({
      label: '天河区',
      value: '440106',
    });
    expect(OPTIONS.length).toBeGreaterThanOrEqual(31);
  });

  it('stores the names with spaces, a municipality’s city said once, and reads them back', () => {
    expect(regionText(['广东省', '广州市', '天河区'])).toBe('广东省 广州市 天河区');
    expect(regionText(['北京市', '北京市', '东城区'])).toBe('北京市 东城区');
    expect(regionCodes('广东省 广州市 天河区', OPTIONS)).toEqual(['440000', '440100', '440106']);
    expect(regionCodes('北京市 东城区', OPTIONS)).toEqual(['110000', '110100', '110101']);
  });

  it('leaves a region typed before the picker as text: no codes', () => {
    expect(regionCodes('Shanghai Pudong', OPTIONS)).toBeUndefined();
    expect(regionCodes('广东省 广州市', OPTIONS)).toBeUndefined();
    expect(regionCodes('', OPTIONS)).toBeUndefined();
  });
});
