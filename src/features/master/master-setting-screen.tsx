import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Tabs } from 'radix-ui';
import { MASTER_SETTING_TABS, MasterKind, type MasterSettingTab } from '../../../domain/master-kind';
import { type MasterNotice, MasterTable } from './master-table';

const TAB_LABELS: Record<MasterSettingTab, MessageDescriptor> = {
  [MasterKind.yearCodes]: msg`Year codes`,
  [MasterKind.universities]: msg`Universities`,
  [MasterKind.classNames]: msg`Class names`,
  [MasterKind.examNames]: msg`Exam names`,
  [MasterKind.rooms]: msg`Rooms`,
  [MasterKind.subjectNames]: msg`Subjects`,
  [MasterKind.faculties]: msg`Faculties`,
};

/**
 * The master-setting screen: the seven master lists of SPEC §2 as tabs, read from the local database and
 * edited through the master-setting calls while online.
 */
export function MasterSettingScreen({
  tab,
  onTabChange,
  online,
  notify,
}: {
  tab: number;
  onTabChange: (tab: number) => void;
  online: boolean;
  notify: (notice: MasterNotice) => void;
}) {
  const { t, i18n } = useLingui();
  return (
    <section aria-labelledby="master-setting-title">
      <h1 id="master-setting-title" className="text-2xl font-semibold">
        <Trans>Master settings</Trans>
      </h1>
      <Tabs.Root
        value={String(tab)}
        onValueChange={(value) => onTabChange(Number(value))}
        className="mt-4"
        activationMode="manual"
      >
        <Tabs.List aria-label={t`Master lists`} className="flex flex-wrap gap-1 border-b border-slate-200">
          {MASTER_SETTING_TABS.map((kind, index) => (
            <Tabs.Trigger
              key={kind}
              value={String(index + 1)}
              className="-mb-px border-b-2 border-transparent px-4 py-2 text-sm text-slate-600 hover:text-slate-900 data-[state=active]:border-blue-800 data-[state=active]:font-medium data-[state=active]:text-blue-900"
            >
              {i18n._(TAB_LABELS[kind])}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {MASTER_SETTING_TABS.map((kind, index) => (
          <Tabs.Content key={kind} value={String(index + 1)} className="mt-4 focus-visible:outline-2">
            <MasterTable kind={kind} caption={i18n._(TAB_LABELS[kind])} online={online} notify={notify} />
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </section>
  );
}
