import { useLingui } from '@lingui/react/macro';
import { Button } from './button';
import { Icon } from './icons';

/** The number of pages for a total and a page size (at least one page, so "1 / 1" shows for none). */
export function pageCount(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, perPage)));
}

/**
 * Previous / next page controls with "page N of M"; pages count from 1 (SPEC §9 default page 1). `label`
 * names the navigation when a screen has more than one; `align` places it (tables at the end).
 */
export function Pagination({
  page,
  total,
  perPage,
  onPageChange,
  label,
  align = 'end',
}: {
  page: number;
  total: number;
  perPage: number;
  onPageChange: (page: number) => void;
  label?: string;
  align?: 'center' | 'end';
}) {
  const { t } = useLingui();
  const pages = pageCount(total, perPage);
  const current = Math.min(Math.max(1, page), pages);
  return (
    <nav
      aria-label={label ?? t`Pagination`}
      className={`flex items-center gap-2 text-sm ${align === 'center' ? 'justify-center' : 'justify-end'}`}
    >
      <Button
        variant="secondary"
        size="sm"
        aria-label={t`Previous page`}
        disabled={current <= 1}
        onClick={() => onPageChange(current - 1)}
      >
        <Icon name="chevronLeft" className="size-4" />
      </Button>
      <span aria-live="polite" className="tabular-nums">
        {t`Page ${current} of ${pages}`}
      </span>
      <Button
        variant="secondary"
        size="sm"
        aria-label={t`Next page`}
        disabled={current >= pages}
        onClick={() => onPageChange(current + 1)}
      >
        <Icon name="chevronRight" className="size-4" />
      </Button>
    </nav>
  );
}
