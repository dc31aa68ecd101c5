import { z } from 'zod';
import type { ProviderLabels } from '../domain/provider-sign-in';

/**
 * Sign-in with the school's identity provider (OpenID Connect; issue 44): set by the `OIDC_*` variables
 * together, or not at all (then the sign-in screen shows no button).
 */
export interface OidcConfig {
  /** The provider's issuer URL; its discovery document is `{issuer}/.well-known/openid-configuration`. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The e-mail domains whose accounts may sign in this way, lowercase (`school.ed.jp`). */
  emailDomains: readonly string[];
  /** The button's words per language. */
  labels: ProviderLabels;
}

const DEFAULT_LABEL = 'Google / Microsoft';

const domainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$/, 'is not a domain name');

const oidcEnvSchema = z
  .object({
    OIDC_ISSUER: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
    OIDC_CLIENT_ID: z.string().min(1).optional(),
    OIDC_CLIENT_SECRET: z.string().min(1).optional(),
    OIDC_EMAIL_DOMAINS: z
      .string()
      .transform((list) => list.split(',').filter((item) => item.trim() !== ''))
      .pipe(z.array(domainSchema).min(1, 'must name at least one domain'))
      .optional(),
    OIDC_BUTTON_LABEL: z.string().trim().min(1).max(60).optional(),
    OIDC_BUTTON_LABEL_JA: z.string().trim().min(1).max(60).optional(),
    OIDC_BUTTON_LABEL_VI: z.string().trim().min(1).max(60).optional(),
    OIDC_BUTTON_LABEL_EN: z.string().trim().min(1).max(60).optional(),
  })
  .superRefine((vars, context) => {
    const required = ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'OIDC_EMAIL_DOMAINS'] as const;
    const set = required.filter((name) => vars[name] !== undefined);
    if (set.length === 0 || set.length === required.length) return;
    for (const name of required) {
      if (vars[name] === undefined)
        context.addIssue({ code: 'custom', path: [name], message: `must be set with ${set.join(', ')}` });
    }
  })
  .superRefine((vars, context) => {
    // A provider over plain http is for tests and development on this machine only.
    if (!vars.OIDC_ISSUER) return;
    const url = new URL(vars.OIDC_ISSUER);
    if (url.protocol === 'http:' && !isLoopback(url.hostname))
      context.addIssue({
        code: 'custom',
        path: ['OIDC_ISSUER'],
        message: 'must be https:// (http:// only on localhost)',
      });
  });

/** Whether a host name is this machine: the only place a provider may answer over plain http. */
export function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);
}

/** The `OIDC_*` variables: the provider's settings, undefined when none are set, or the issues found. */
export function oidcConfigOf(
  env: Record<string, string | undefined>,
): { ok: true; config: OidcConfig | undefined } | { ok: false; issues: string[] } {
  const parsed = oidcEnvSchema.safeParse(env);
  if (!parsed.success)
    return {
      ok: false,
      issues: parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    };
  const vars = parsed.data;
  if (!vars.OIDC_ISSUER || !vars.OIDC_CLIENT_ID || !vars.OIDC_CLIENT_SECRET || !vars.OIDC_EMAIL_DOMAINS)
    return { ok: true, config: undefined };
  const label = vars.OIDC_BUTTON_LABEL ?? DEFAULT_LABEL;
  return {
    ok: true,
    config: {
      issuer: vars.OIDC_ISSUER,
      clientId: vars.OIDC_CLIENT_ID,
      clientSecret: vars.OIDC_CLIENT_SECRET,
      emailDomains: vars.OIDC_EMAIL_DOMAINS,
      labels: {
        ja: vars.OIDC_BUTTON_LABEL_JA ?? label,
        vi: vars.OIDC_BUTTON_LABEL_VI ?? label,
        en: vars.OIDC_BUTTON_LABEL_EN ?? label,
      },
    },
  };
}
