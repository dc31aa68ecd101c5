import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useRouter } from '@tanstack/react-router';
import { DropdownMenu } from 'radix-ui';
import { useState } from 'react';
import { Role } from '../../domain/roles';
import type { StoredUser } from '../../domain/schemas/auth-account';
import { avatarUrl } from '../../domain/schemas/auth-account';
import { usePendingCount } from '../db/use-outbox';
import { isLocale, LOCALE_ENDONYMS, LOCALES } from '../i18n/i18n';
import { ROLE_LABELS } from '../i18n/role-labels';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { Icon } from '../ui/icons';
import { chooseLanguage } from './chosen-language';
import { useConfirmLeave } from './leave-guard';
import { logoutDecision } from './pending-writes';
import { signOut } from './sign-out';
import { useIsRegisteredPath } from './use-registered-paths';

const ITEM_CLASS =
  'flex h-9 cursor-default items-center gap-2 rounded px-2 text-sm text-slate-800 outline-none select-none data-[highlighted]:bg-slate-100 data-[disabled]:opacity-50';

/** The first letter of a name, for the avatar circle. */
function initial(name: string): string {
  return Array.from(name.trim())[0]?.toUpperCase() ?? '?';
}

/**
 * The user's avatar (SPEC §3: their file, else default-avatar.svg); the initial stands in when the image
 * cannot load (offline before it was ever cached).
 */
function AvatarImage({ user }: { user: StoredUser }) {
  const [broken, setBroken] = useState(false);
  if (broken)
    return (
      <span
        aria-hidden="true"
        className="flex size-8 items-center justify-center rounded-full bg-blue-800 text-sm font-semibold text-white"
      >
        {initial(user.name)}
      </span>
    );
  return (
    <img
      src={avatarUrl({ avatar: user.avatar ?? null }, user.role === Role.student)}
      alt=""
      className="size-8 rounded-full border border-slate-200 object-cover"
      onError={() => setBroken(true)}
    />
  );
}

/**
 * The avatar menu of SPEC §2: profile, notification settings (desktop) and logout, plus the language
 * choice. Profile and notification settings show once their screens exist in the build.
 */
export function AvatarMenu({ user, compact = false }: { user: StoredUser; compact?: boolean }) {
  const { t, i18n } = useLingui();
  const router = useRouter();
  const confirmLeave = useConfirmLeave();
  const isRegistered = useIsRegisteredPath();
  const [signingOut, setSigningOut] = useState(false);
  const role = i18n._(ROLE_LABELS[user.role]);

  const pending = usePendingCount() ?? 0;
  const [askPending, setAskPending] = useState<number | null>(null);
  const signOutNow = () => {
    setAskPending(null);
    setSigningOut(true);
    void signOut(user.id);
  };
  const logout = () =>
    confirmLeave(() => {
      const decision = logoutDecision(pending);
      if (decision.kind === 'ask') setAskPending(decision.pending);
      else signOutNow();
    });

  return (
    <>
      <ConfirmDialog
        open={askPending !== null}
        destructive
        title={<Trans>Log out with unsent changes?</Trans>}
        description={
          <Plural
            value={askPending ?? 0}
            one="# change has not reached the server yet. It will be lost if you log out now."
            other="# changes have not reached the server yet. They will be lost if you log out now."
          />
        }
        confirmLabel={t`Log out anyway`}
        onConfirm={signOutNow}
        onCancel={() => setAskPending(null)}
      />
      <DropdownMenu.Root>
        <DropdownMenu.Trigger
          aria-label={t`Account menu for ${user.name}`}
          className="flex items-center gap-2 rounded-full p-1 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-700"
        >
          <AvatarImage user={user} />
          {!compact && (
            <span className="flex flex-col items-start pr-1 text-left leading-tight">
              <span title={user.name} className="max-w-40 truncate text-sm font-medium">
                {user.name}
              </span>
              <span className="text-xs text-slate-600">{role}</span>
            </span>
          )}
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={6}
            className="z-40 min-w-56 rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
          >
            <DropdownMenu.Label className="px-2 py-1.5">
              <span className="block text-sm font-medium">{user.name}</span>
              <span className="block text-xs text-slate-600">{role}</span>
            </DropdownMenu.Label>
            <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
            {isRegistered('/profile') && (
              <DropdownMenu.Item
                className={ITEM_CLASS}
                onSelect={() => void router.navigate({ href: '/profile' })}
              >
                <Icon name="profile" className="size-4" />
                <Trans>Profile</Trans>
              </DropdownMenu.Item>
            )}
            {!compact && isRegistered('/notification-setting') && (
              <DropdownMenu.Item
                className={ITEM_CLASS}
                onSelect={() => void router.navigate({ href: '/notification-setting' })}
              >
                <Icon name="bell" className="size-4" />
                <Trans>Notification settings</Trans>
              </DropdownMenu.Item>
            )}
            <DropdownMenu.Label className="flex items-center gap-2 px-2 pt-2 pb-1 text-xs text-slate-500">
              <Icon name="language" className="size-4" />
              <Trans>Language</Trans>
            </DropdownMenu.Label>
            <DropdownMenu.RadioGroup
              value={i18n.locale}
              onValueChange={(next) => {
                if (isLocale(next)) void chooseLanguage(next, user.id);
              }}
            >
              {LOCALES.map((locale) => (
                <DropdownMenu.RadioItem
                  key={locale}
                  value={locale}
                  lang={locale}
                  className={`${ITEM_CLASS} pl-8`}
                >
                  <DropdownMenu.ItemIndicator className="absolute left-3">
                    <Icon name="check" className="size-4" />
                  </DropdownMenu.ItemIndicator>
                  {LOCALE_ENDONYMS[locale]}
                </DropdownMenu.RadioItem>
              ))}
            </DropdownMenu.RadioGroup>
            <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
            <DropdownMenu.Item className={ITEM_CLASS} disabled={signingOut} onSelect={logout}>
              <Icon name="logout" className="size-4" />
              <Trans>Log out</Trans>
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
    </>
  );
}
