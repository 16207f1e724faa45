import { describe, expect, it } from 'vitest';
import { SESSION_BACKUP_KEY, captureSessionBackup, findApiParam, listHosts } from './hosts';

describe('session backup host', () => {
  it('finds api before the hash and inside the hash', () => {
    expect(findApiParam('https://app.test/?api=https://b.test#/pages/index/index')).toBe('https://b.test');
    expect(findApiParam('https://app.test/#/pages/index/index?x=1&api=http%3A%2F%2Fc.test')).toBe('http://c.test');
    expect(findApiParam('https://app.test/#/pages/index/index')).toBeUndefined();
  });

  it('keeps only a value containing http, in sessionStorage under api', () => {
    captureSessionBackup('https://app.test/#/?api=ftp.test', window.sessionStorage);
    expect(window.sessionStorage.getItem(SESSION_BACKUP_KEY)).toBeNull();
    captureSessionBackup('https://app.test/#/?api=https://s.test', window.sessionStorage);
    expect(window.sessionStorage.getItem('api')).toBe('https://s.test');
  });

  it('orders primary, configured backups, then the session backup, without duplicates', () => {
    window.sessionStorage.setItem('api', 'https://s.test/');
    expect(
      listHosts({
        origin: 'https://app.test',
        backups: ['https://b1.test', 'https://app.test'],
        storage: window.sessionStorage,
      }),
    ).toEqual(['https://app.test', 'https://b1.test', 'https://s.test']);
  });
});
