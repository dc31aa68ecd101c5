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

  it('opens /metrics to loopback only unless METRICS_ALLOW names ranges, and takes a METRICS_TOKEN', () => {
    expect(loadConfig({}).metrics).toMatchObject({ allow: ['127.0.0.0/8', '::1/128'], token: undefined });
    expect(loadConfig({ METRICS_ALLOW: '10.0.0.0/8, 192.0.2.7,fd00::/8' }).metrics?.allow).toEqual([
      '10.0.0.0/8',
      '192.0.2.7',
      'fd00::/8',
    ]);
    expect(() => loadConfig({ METRICS_ALLOW: '10.0.0.0/33' })).toThrow(/METRICS_ALLOW/);
    expect(() => loadConfig({ METRICS_ALLOW: 'everyone' })).toThrow(/METRICS_ALLOW/);
    expect(loadConfig({ METRICS_TOKEN: 'a-long-enough-token' }).metrics?.token).toBe('a-long-enough-token');
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
  });

  it('sheds load past the documented limits unless set otherwise, 0 turning a limit off', () => {
    expect(loadConfig({}).loadShed).toEqual({
      maxEventLoopDelayMs: 1000,
      maxEventLoopUtilization: 0,
      maxDatabaseQueue: 500,
      retryAfterSeconds: 5,
    });
    expect(loadConfig({ LOAD_SHED_MAX_DB_QUEUE: '0', LOAD_SHED_RETRY_AFTER_S: '30' }).loadShed).toMatchObject(
      { maxDatabaseQueue: 0, retryAfterSeconds: 30 },
    );
    expect(() => loadConfig({ LOAD_SHED_MAX_EVENT_LOOP_UTILIZATION: '1.5' })).toThrow(
      /LOAD_SHED_MAX_EVENT_LOOP_UTILIZATION/,
    );
    expect(() => loadConfig({ LOAD_SHED_RETRY_AFTER_S: '0' })).toThrow(/LOAD_SHED_RETRY_AFTER_S/);
  });
  it('reads the school identity provider from OIDC_* together, or none, and refuses plain http off this machine', () => {
    expect(loadConfig({}).oidc).toBeUndefined();
    const google = {
      OIDC_ISSUER: 'https://accounts.google.com',
      OIDC_CLIENT_ID: 'id.apps.googleusercontent.com',
      OIDC_CLIENT_SECRET: 'secret',
      OIDC_EMAIL_DOMAINS: 'School.ed.jp, students.school.ed.jp',
      OIDC_BUTTON_LABEL: 'Google',
      OIDC_BUTTON_LABEL_JA: 'Google でログイン',
    };
    expect(loadConfig(google).oidc).toEqual({
      issuer: 'https://accounts.google.com',
      clientId: 'id.apps.googleusercontent.com',
      clientSecret: 'secret',
      emailDomains: ['school.ed.jp', 'students.school.ed.jp'],
      labels: { ja: 'Google でログイン', vi: 'Google', en: 'Google' },
    });
    // One without the others names each missing one.
    expect(() => loadConfig({ OIDC_ISSUER: 'https://accounts.google.com' })).toThrow(/OIDC_CLIENT_SECRET/);
    expect(() => loadConfig({ ...google, OIDC_EMAIL_DOMAINS: 'not a domain' })).toThrow(/OIDC_EMAIL_DOMAINS/);
    expect(() => loadConfig({ ...google, OIDC_ISSUER: 'http://idp.example.com' })).toThrow(/OIDC_ISSUER/);
    expect(loadConfig({ ...google, OIDC_ISSUER: 'http://127.0.0.1:4000' }).oidc?.issuer).toBe(
      'http://127.0.0.1:4000',
    );
  });
});
