import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { sendAbsenceNotice } from './notice';
import { ABSENCE_NOTICE_JOB, type AbsenceNoticeJob } from './schedule';

/** Absence notices (issue 43): no calls of their own, the job that tells guardians (docs/absence-notices.md). */
export const absenceNoticeRoutes: FastifyPluginAsyncZod<AppDeps> = async (_app, deps) => {
  deps.jobs.handle<AbsenceNoticeJob>(ABSENCE_NOTICE_JOB, async (job) => {
    await sendAbsenceNotice(deps, job);
  });
};
