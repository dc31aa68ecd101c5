import { createFileRoute } from '@tanstack/react-router';
import { AchievementReportScreen } from '../../../features/reports/achievement-report-screen';

export const Route = createFileRoute('/_app/report/achievement')({
  component: AchievementReportScreen,
});
