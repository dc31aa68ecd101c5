import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('config', () => {
  it('uses PGlite in DATA_DIR and the documented defaults', () => {
    const config = loadConfig({ DATA_DIR: './data-x' });
    expect(config.port).toBe(3000);
    expect(config.host).toBe('0.0.0.0');
    expect(config.database).toEqual({
      kind: 'pglite',
      dataDir: path.resolve('data-x', 'pglite'),
      ownThread: true,
    });
    expect(config.demoPassword).toBe('demo-2026');
    expect(config.staticDir).toBe(path.resolve('dist'));
  });

  it('switches to PostgreSQL when DATABASE_URL is set', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@db:5432/school' });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u@db:5432/school' });
  });

  it('names every invalid variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SMTP_URL: 'nope' })).toThrow(
      ConfigError,
    );
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SMTP_URL: 'nope' });
    } catch (error) {
      const message = error instanceof Error ? error.message : '';
      expect(message).toContain('PORT');
      expect(message).toContain('DATABASE_URL');
      expect(message).toContain('SMTP_URL');
    }
  });

  it('reads TRUST_PROXY as none, any, a hop count or a list of addresses', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1,10.1.0.0/16' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY/);
  });

  it("reads SESSION_LIFETIME_DAYS as the sessions' absolute lifetime, 30 days unless set", () => {
    const day = 24 * 60 * 60 * 1000;
    expect(loadConfig({}).sessionLifetimeMs).toBe(30 * day);
    expect(loadConfig({ SESSION_LIFETIME_DAYS: '7' }).sessionLifetimeMs).toBe(7 * day);
    expect(loadConfig({ SESSION_LIFETIME_DAYS: '0.5' }).sessionLifetimeMs).toBe(day / 2);
    expect(() => loadConfig({ SESSION_LIFETIME_DAYS: '0' })).toThrow(/SESSION_LIFETIME_DAYS/);
    expect(() => loadConfig({ SESSION_LIFETIME_DAYS: 'a month' })).toThrow(/SESSION_LIFETIME_DAYS/);
  });
});
