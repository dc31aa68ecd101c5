import { Trans, useLingui } from '@lingui/react/macro';
import { MasterKind, type MasterSettingTab } from '../../../domain/master';
import type { MasterDocType } from '../../db/master-schema';
import { useMasterDocs } from '../../db/use-master-docs';
import { useMasterSyncedAt } from '../../db/use-master-synced-at';

const KINDS_WITH_UNIVERSITY: readonly MasterSettingTab[] = [
  MasterKind.yearCodes,
  MasterKind.classNames,
  MasterKind.rooms,
  MasterKind.faculties,
];

function namesById(rows: readonly MasterDocType[]): Map<string, string> {
  return new Map(rows.map((row) => [row.id, row.name]));
}

function relatedName(names: Map<string, string>, id: string | null): string {
  return (id && names.get(id)) || '—';
}

/** One master list as a read-only table, live from the local database. */
export function MasterTable({ kind, caption }: { kind: MasterSettingTab; caption: string }) {
  const { t } = useLingui();
  const { rows, loading } = useMasterDocs(kind);
  const universities = useMasterDocs(MasterKind.universities);
  const subjects = useMasterDocs(MasterKind.subjectNames);
  const syncedAt = useMasterSyncedAt();

  if (loading) {
    return (
      <p role="status" className="py-8 text-center text-slate-500">
        <Trans>Loading…</Trans>
      </p>
    );
  }

  if (rows.length === 0) {
    return (
      <p
        role="status"
        className="rounded-lg border border-dashed border-slate-300 py-12 text-center text-slate-500"
      >
        {syncedAt === null ? t`Waiting for first sync` : t`No data yet`}
      </p>
    );
  }

  const showColor = kind === MasterKind.yearCodes;
  const showUniversity = KINDS_WITH_UNIVERSITY.includes(kind);
  const showSubject = kind === MasterKind.examNames;
  const universityNames = namesById(universities.rows);
  const subjectNames = namesById(subjects.rows);

  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-100 text-slate-700">
          <tr>
            {showColor && (
              <th scope="col" className="w-32 px-4 py-2 font-medium">
                <Trans>Colour</Trans>
              </th>
            )}
            <th scope="col" className="px-4 py-2 font-medium">
              <Trans>Name</Trans>
            </th>
            {showUniversity && (
              <th scope="col" className="px-4 py-2 font-medium">
                <Trans>University</Trans>
              </th>
            )}
            {showSubject && (
              <th scope="col" className="px-4 py-2 font-medium">
                <Trans>Subject</Trans>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} className="border-t border-slate-100">
              {showColor && (
                <td className="px-4 py-2">
                  <span className="flex items-center gap-2">
                    <span
                      aria-hidden="true"
                      className="inline-block size-4 rounded-sm border border-slate-300"
                      style={{ backgroundColor: row.color ?? 'transparent' }}
                    />
                    <span className="font-mono text-xs text-slate-600">{row.color ?? '—'}</span>
                  </span>
                </td>
              )}
              <td className="px-4 py-2">{row.name}</td>
              {showUniversity && (
                <td className="px-4 py-2">{relatedName(universityNames, row.universityId)}</td>
              )}
              {showSubject && <td className="px-4 py-2">{relatedName(subjectNames, row.subjectNameId)}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
