import { createFileRoute } from '@tanstack/react-router';
import { StatisticsScreen } from '../../../features/reports/statistics-screen';

export const Route = createFileRoute('/_app/report/statistics')({
  component: StatisticsScreen,
});
