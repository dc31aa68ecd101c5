import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CALL_ROLES, findCallKey } from '../permissions';
import { CALL_SCHEMAS, type CallSchema } from './calls';

// docs/product/7-calls.md, "Every call": the one written list of the calls. Each key is a bullet of its own,
// `- \`METHOD /path\``; the prose above it names calls too, but shortened, so only the bullets count.
const CALLS_PAGE = new URL('../../docs/product/7-calls.md', import.meta.url);
const LISTED_KEY = /^- `((?:GET|POST|PUT|PATCH|DELETE) \/[^`\s]*)`$/gm;

function listedCalls(): string[] {
  const page = readFileSync(CALLS_PAGE, 'utf8');
  const section = page.slice(page.indexOf('\n## Every call\n'));
  return [...section.matchAll(LISTED_KEY)].map((match) => match[1] ?? '');
}

const listed = listedCalls();
const declared = Object.keys(CALL_SCHEMAS);

describe('the calls page of docs/product', () => {
  it('has its list of every call', () => {
    expect(listed.length).toBeGreaterThan(0);
  });

  it('lists each call once', () => {
    expect(listed.filter((key, index) => listed.indexOf(key) !== index)).toEqual([]);
  });

  it('lists only declared calls, each with roles and an answer schema', () => {
    const undeclared = listed.filter((key) => {
      const entry = (CALL_SCHEMAS as Record<string, CallSchema | undefined>)[key];
      return entry === undefined || !(key in CALL_ROLES) || !(entry.response instanceof z.ZodType);
    });
    expect(undeclared).toEqual([]);
  });

  it('lists every declared call', () => {
    expect(declared.filter((key) => !listed.includes(key))).toEqual([]);
  });

  it('names keys that find themselves as a request of their own path', () => {
    for (const key of listed) {
      const [method = '', path = ''] = key.split(' ');
      expect(findCallKey(method, path), key).toBe(key);
    }
  });
});
