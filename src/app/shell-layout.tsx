import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { Dialog } from 'radix-ui';
import { type ComponentProps, type ReactNode, useState } from 'react';
import { LIMITS } from '../../domain/limits';
import { type AccountRole, Role } from '../../domain/roles';
import type { StoredUser } from '../../domain/schemas/auth-account';
import { SyncCollection } from '../../domain/sync';
import { useFirstPullDone } from '../db/use-first-pull-done';
import { Button } from '../ui/button';
import { Icon } from '../ui/icons';
import { Spinner } from '../ui/spinner';
import { Toaster } from '../ui/toast';
import { AvatarMenu } from './avatar-menu';
import { Footer } from './footer';
import { BackButton } from './header-back-button';
import { LeaveGuard } from './leave-guard';
import { useCallsInFlight } from './loading-counter';
import { menuForRole, visibleMenu } from './menu';
import { OfflineBanner } from './offline-banner';
import { OfflineCachingOverlay } from './offline-caching-overlay';
import { type MenuBadges, SideMenuEntries } from './side-menu';
import { useSideMenuState } from './side-menu-state';
import { SyncStatus } from './sync-status';
import { appToasts } from './toasts';
import { useIsMobile } from './use-is-mobile';
import { useIsRegisteredPath } from './use-registered-paths';

const HEADER_HEIGHT = 'h-14';

/** The product name; it links to the dashboard for everyone but the super admin (SPEC §2). */
/**
 * The shell's parts. `bell` is the header's notification bell and `badges` the menu's counts (requests
 * waiting), features the signed-in route hands in: the shell never imports a feature (ARCHITECTURE §2).
 */
type ShellProps = { user: StoredUser; bell: ReactNode; badges?: MenuBadges; children: ReactNode };

function Logo({ user, short = false }: { user: StoredUser; short?: boolean }) {
  const { t } = useLingui();
  const text = short ? t`SA` : t`School Admin`;
  // The product's name wraps to a second line where a language needs it ("Hệ thống quản lý trường học"):
  // cut with an ellipsis it no longer said what it was.
  const className = 'line-clamp-2 min-w-0 leading-tight font-semibold break-words text-blue-900';
  if (user.role === Role.superAdmin) return <span className={className}>{text}</span>;
  return (
    <Link
      to="/"
      aria-label={short ? t`School Admin` : undefined}
      className={`${className} hover:text-blue-700`}
    >
      {text}
    </Link>
  );
}

/** The header spinner of the loading counter: shown while calls are in flight. */
function LoadingIndicator() {
  const { t } = useLingui();
  const inFlight = useCallsInFlight();
  if (inFlight === 0) return null;
  return <Spinner size="sm" label={t`Loading…`} />;
}

/** The role's main menu as drawn, on a desktop and in a phone's sidebar alike. */
function MainMenu({
  role,
  ...props
}: Omit<ComponentProps<typeof SideMenuEntries>, 'entries'> & { role: AccountRole }) {
  const { t } = useLingui();
  const isRegistered = useIsRegisteredPath();
  return (
    <nav aria-label={t`Main menu`} className="flex-1 overflow-y-auto py-4">
      <SideMenuEntries entries={visibleMenu(menuForRole(role), role, isRegistered)} {...props} />
    </nav>
  );
}

function DesktopShell({ user, bell, badges, children }: ShellProps) {
  const { t } = useLingui();
  const { collapsed, toggleCollapsed, openGroups, toggleOpen } = useSideMenuState();
  const width = collapsed ? LIMITS.sideMenuCollapsedPx : LIMITS.sideMenuExpandedPx;

  return (
    <div className="min-h-dvh bg-slate-50 text-slate-900">
      <aside
        style={{ width }}
        data-collapsed={collapsed}
        className="fixed inset-y-0 left-0 z-20 flex flex-col border-r border-slate-200 bg-white transition-[width] print:hidden"
      >
        <div className={`flex ${HEADER_HEIGHT} shrink-0 items-center border-b border-slate-200 px-4`}>
          <Logo user={user} short={collapsed} />
        </div>
        <MainMenu
          role={user.role}
          badges={badges}
          collapsed={collapsed}
          openGroups={openGroups}
          onToggleGroup={toggleOpen}
        />
        <div className="border-t border-slate-200 p-2">
          <Button
            variant="ghost"
            className="w-full justify-center"
            aria-label={collapsed ? t`Expand menu` : t`Collapse menu`}
            aria-pressed={collapsed}
            onClick={toggleCollapsed}
          >
            <Icon name={collapsed ? 'expand' : 'collapse'} />
            {!collapsed && <span>{t`Collapse`}</span>}
          </Button>
        </div>
      </aside>
      {/* A printout is the page's content alone: no menu, header or footer, nor the room they take on screen
          (the menu's width is an inline padding, which only an important print rule overrides). */}
      <div
        style={{ paddingLeft: width }}
        className="flex min-h-dvh flex-col transition-[padding] print:pl-0!"
      >
        <header
          style={{ left: width }}
          className={`fixed top-0 right-0 z-10 flex ${HEADER_HEIGHT} items-center gap-2 border-b border-slate-200 bg-white px-4 transition-[left] print:hidden`}
        >
          <BackButton />
          <LoadingIndicator />
          <div className="ml-auto flex items-center gap-2">
            <SyncStatus role={user.role} />
            {bell}
            <AvatarMenu user={user} />
          </div>
        </header>
        <div className="flex flex-1 flex-col pt-14 print:pt-0">
          <OfflineBanner role={user.role} />
          <ShellMain className="p-6 print:p-0">{children}</ShellMain>
          <Footer />
        </div>
      </div>
    </div>
  );
}

function MobileShell({ user, bell, badges, children }: ShellProps) {
  const { t } = useLingui();
  const [menuOpen, setMenuOpen] = useState(false);
  const { openGroups, toggleOpen } = useSideMenuState();

  return (
    <div className="flex min-h-dvh flex-col bg-slate-50 text-slate-900">
      <header
        className={`fixed inset-x-0 top-0 z-10 flex ${HEADER_HEIGHT} items-center gap-1 border-b border-slate-200 bg-white px-2 print:hidden`}
      >
        {/* A modal side panel: an outside click, Escape or choosing an entry closes it (SPEC §2). */}
        <Dialog.Root open={menuOpen} onOpenChange={setMenuOpen}>
          <Dialog.Trigger asChild>
            <Button variant="ghost" size="icon" aria-label={t`Open menu`}>
              <Icon name="menu" />
            </Button>
          </Dialog.Trigger>
          <Dialog.Portal>
            <Dialog.Overlay className="fixed inset-0 z-30 bg-slate-900/40" />
            <Dialog.Content
              aria-describedby={undefined}
              className="fixed inset-y-0 left-0 z-40 flex w-64 max-w-[80vw] flex-col bg-white shadow-xl focus:outline-none"
            >
              <div
                className={`flex ${HEADER_HEIGHT} items-center justify-between border-b border-slate-200 px-4`}
              >
                <Dialog.Title asChild>
                  <h2>
                    <Logo user={user} />
                  </h2>
                </Dialog.Title>
                <Dialog.Close asChild>
                  <Button variant="ghost" size="icon" aria-label={t`Close menu`}>
                    <Icon name="close" />
                  </Button>
                </Dialog.Close>
              </div>
              <MainMenu
                role={user.role}
                badges={badges}
                collapsed={false}
                openGroups={openGroups}
                onToggleGroup={toggleOpen}
                onNavigate={() => setMenuOpen(false)}
              />
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>
        <BackButton />
        <LoadingIndicator />
        <div className="ml-auto flex items-center gap-1">
          <SyncStatus role={user.role} compact />
          {bell}
          <AvatarMenu user={user} compact />
        </div>
      </header>
      <div className="flex flex-1 flex-col pt-14 print:pt-0">
        <OfflineBanner role={user.role} />
        <ShellMain className="p-4 print:p-0">{children}</ShellMain>
        <Footer />
      </div>
    </div>
  );
}

/**
 * The screen's own region. It is busy (`aria-busy`) until this device holds the master data every screen
 * names things by: while the first sync brings it (the caching overlay covers the screen meanwhile) and in
 * the moment before the screen has read that it is here.
 */
export function ShellMain({ className, children }: { className: string; children: ReactNode }) {
  const masterHere = useFirstPullDone(SyncCollection.master) === true;
  return (
    <main aria-busy={masterHere ? undefined : true} className={`min-w-0 flex-1 ${className}`}>
      {children}
    </main>
  );
}

/**
 * The signed-in layout of SPEC §2: on desktop a collapsible side menu (200/80 px) and a fixed header; under
 * 768 px a header with a menu toggle opening the mobile sidebar. Both carry the back button, the loading
 * spinner, the sync status and the avatar menu, the offline banner, caching overlay, toasts and footer,
 * all under the unsaved-edits guard.
 */
export function ShellLayout({ user, bell, badges, children }: ShellProps) {
  const isMobile = useIsMobile();
  return (
    <LeaveGuard>
      {isMobile ? (
        <MobileShell user={user} bell={bell} badges={badges}>
          {children}
        </MobileShell>
      ) : (
        <DesktopShell user={user} bell={bell} badges={badges}>
          {children}
        </DesktopShell>
      )}
      <OfflineCachingOverlay role={user.role} />
      <Toaster store={appToasts} />
    </LeaveGuard>
  );
}
