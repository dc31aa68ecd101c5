import { createFileRoute } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useConnection } from '../../app/connection-context';
import { appToasts } from '../../app/toasts';
import { MasterSettingScreen } from '../../features/master/master-setting-screen';
import { masterSettingSearch, rememberMasterTab, resolveMasterTab } from '../../features/master/master-tab';
import { SchoolSettingsPanel } from '../../features/school-settings/school-settings-panel';

export const Route = createFileRoute('/_app/master-setting')({
  validateSearch: masterSettingSearch,
  component: MasterSettingRoute,
});

function MasterSettingRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const tab = resolveMasterTab(search.tab, localStorage);
  const { online } = useConnection();

  useEffect(() => rememberMasterTab(tab, localStorage), [tab]);

  return (
    <>
      <MasterSettingScreen
        tab={tab}
        onTabChange={(next) => void navigate({ search: { tab: next }, replace: true })}
        online={online === true}
        notify={(notice) => appToasts.show(notice)}
      />
      <SchoolSettingsPanel online={online === true} notify={(notice) => appToasts.show(notice)} />
    </>
  );
}
