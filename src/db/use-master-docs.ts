import { useEffect, useState } from 'react';
import type { MasterKind } from '../../domain/master-kind';
import { useDatabase } from './database-context';
import type { MasterDocType } from './master-schema';
import { uniqueDocuments } from './queries/rows';

/** Rows of one master kind and whether the first local answer has arrived. */
export type MasterDocsState = { rows: readonly MasterDocType[]; loading: boolean };

const nameCollator = new Intl.Collator(undefined, { numeric: true });

/**
 * The live, name-sorted rows of one master kind from the local database. The query is indexed on
 * kind + name; the rows are then ordered with a locale-aware collator so Japanese and Vietnamese names sort
 * as people expect. Unsubscribes on unmount or when the kind changes.
 */
export function useMasterDocs(kind: MasterKind): MasterDocsState {
  const database = useDatabase();
  const [state, setState] = useState<{ kind: MasterKind; rows: readonly MasterDocType[] } | null>(null);

  useEffect(() => {
    if (!database) return;
    const subscription = database.master
      .find({ selector: { kind }, sort: [{ name: 'asc' }] })
      .$.subscribe((documents) => {
        const rows = uniqueDocuments(documents)
          .map((document) => document.toMutableJSON())
          .sort((a, b) => nameCollator.compare(a.name, b.name));
        setState({ kind, rows });
      });
    return () => subscription.unsubscribe();
  }, [database, kind]);

  if (!state || state.kind !== kind) return { rows: [], loading: true };
  return { rows: state.rows, loading: false };
}
