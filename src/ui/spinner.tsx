import { cn } from './cn';

const SIZES = { sm: 'size-4 border-2', md: 'size-5 border-2', lg: 'size-10 border-4' } as const;

/** A turning ring; decorative unless `label` names what is loading, which is then announced politely. */
export function Spinner({ size = 'md', label }: { size?: keyof typeof SIZES; label?: string }) {
  const ring = (
    <span
      aria-hidden="true"
      className={cn(
        'inline-block animate-spin rounded-full border-current border-t-transparent motion-reduce:[animation-duration:1.5s]',
        SIZES[size],
      )}
    />
  );
  if (!label) return ring;
  return (
    <span role="status" className="inline-flex">
      {ring}
      <span className="sr-only">{label}</span>
    </span>
  );
}
