import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { cn } from '../ui/cn';
import { Icon } from '../ui/icons';
import type { VisibleEntry, VisibleLink } from './menu';
import type { RegisteredPath } from './use-registered-paths';

const ITEM_CLASS =
  'flex min-h-10 w-full items-center gap-3 rounded-md px-3 py-1.5 text-sm leading-tight text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-700';
const ACTIVE_CLASS =
  'data-[status=active]:bg-blue-50 data-[status=active]:font-medium data-[status=active]:text-blue-900';

/** Counts shown beside menu entries, by entry id (the requests waiting for the viewer). */
export type MenuBadges = Readonly<Record<string, number>>;

function MenuLinkItem({
  entry,
  collapsed,
  onNavigate,
  nested = false,
  badge = 0,
}: {
  entry: VisibleLink<RegisteredPath>;
  collapsed: boolean;
  onNavigate?: () => void;
  nested?: boolean;
  badge?: number;
}) {
  const { i18n, t } = useLingui();
  const name = i18n._(entry.label);
  const label = badge > 0 ? t`${name} (${badge} waiting)` : name;
  return (
    <li>
      <Link
        to={entry.to}
        activeOptions={{ exact: entry.to === '/', includeSearch: false }}
        onClick={onNavigate}
        aria-label={collapsed ? label : undefined}
        title={collapsed ? label : undefined}
        className={cn(
          ITEM_CLASS,
          ACTIVE_CLASS,
          'relative',
          collapsed && 'justify-center px-0',
          // A sub-menu's entries step in by less than the heading's icon and gap: at 200 px the full step left
          // "Administrators" no room and cut it mid-word (issue 42).
          nested && !collapsed && 'pl-7',
        )}
      >
        <Icon name={entry.icon} className="size-5 shrink-0" />
        {/* Long names wrap between words (Vietnamese "Cài đặt dữ liệu gốc") rather than lose their end to an
            ellipsis; a single word too long for the menu is hyphenated where the language allows, and cut only
            as a last resort. */}
        {!collapsed && <span className="min-w-0 hyphens-auto break-words">{name}</span>}
        {badge > 0 && (
          <span
            aria-hidden="true"
            data-testid={`menu-badge-${entry.id}`}
            className={cn(
              'rounded-full bg-red-600 px-1.5 text-xs font-medium text-white',
              collapsed ? 'absolute ml-6 -mt-5' : 'ml-auto',
            )}
          >
            {badge}
          </span>
        )}
        {badge > 0 && !collapsed && <span className="sr-only">{t`${badge} waiting`}</span>}
      </Link>
    </li>
  );
}

/**
 * The entries of the side menu: links, and sub-menus that open and close (their state is kept by the
 * caller). Collapsed, only icons show; each keeps its name for screen readers and as a tooltip.
 */
export function SideMenuEntries({
  entries,
  badges = {},
  collapsed,
  openGroups,
  onToggleGroup,
  onNavigate,
}: {
  entries: readonly VisibleEntry<RegisteredPath>[];
  badges?: MenuBadges;
  collapsed: boolean;
  openGroups: readonly string[];
  onToggleGroup: (id: string) => void;
  onNavigate?: () => void;
}) {
  const { i18n } = useLingui();
  return (
    <ul className="flex flex-col gap-1 px-2">
      {entries.map((entry) => {
        if (entry.kind === 'link') {
          return (
            <MenuLinkItem
              key={entry.id}
              entry={entry}
              collapsed={collapsed}
              onNavigate={onNavigate}
              badge={badges[entry.id]}
            />
          );
        }
        const open = openGroups.includes(entry.id);
        const label = i18n._(entry.label);
        const listId = `side-menu-${entry.id}`;
        return (
          <li key={entry.id}>
            <button
              type="button"
              aria-expanded={open}
              aria-controls={listId}
              aria-label={collapsed ? label : undefined}
              title={collapsed ? label : undefined}
              onClick={() => onToggleGroup(entry.id)}
              className={cn(ITEM_CLASS, collapsed && 'justify-center px-0')}
            >
              <Icon name={entry.icon} className="size-5 shrink-0" />
              {!collapsed && (
                <span className="min-w-0 flex-1 hyphens-auto break-words text-left">{label}</span>
              )}
              {!collapsed && (
                <Icon
                  name="chevronDown"
                  className={cn('size-4 transition-transform', open && 'rotate-180')}
                />
              )}
            </button>
            {open && (
              <ul id={listId} className="mt-1 flex flex-col gap-1">
                {entry.children.map((child) => (
                  <MenuLinkItem
                    key={child.id}
                    entry={child}
                    collapsed={collapsed}
                    onNavigate={onNavigate}
                    badge={badges[child.id]}
                    nested
                  />
                ))}
              </ul>
            )}
          </li>
        );
      })}
    </ul>
  );
}
