import type { ReactNode } from 'react';
import { LanguageSwitch } from '../../app/language-switch';

/** The centred card of the screens outside the shell (code, forced change, password reset). */
export function AuthCard({
  title,
  intro,
  children,
}: {
  title: ReactNode;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <main className="relative flex min-h-dvh items-center justify-center bg-slate-50 px-4">
      <div className="absolute top-4 right-4">
        <LanguageSwitch />
      </div>
      <div className="w-full max-w-sm rounded-xl border border-slate-200 bg-white p-8 shadow-sm">
        <h1 className="text-center text-xl font-semibold text-blue-900">{title}</h1>
        {intro && <p className="mt-2 text-center text-sm text-slate-600">{intro}</p>}
        <div className="mt-6">{children}</div>
      </div>
    </main>
  );
}

/** A form-level error or notice under an auth form. */
export function FormMessage({ tone, children }: { tone: 'error' | 'info'; children: ReactNode }) {
  if (tone === 'error')
    return (
      <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
        {children}
      </p>
    );
  return (
    <p role="status" className="rounded-md bg-blue-50 px-3 py-2 text-sm text-blue-900">
      {children}
    </p>
  );
}
