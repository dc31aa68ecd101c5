import { z } from 'zod';

/** The one error shape every call answers with (ARCHITECTURE §4); its codes are `domain/errors.ts`. */
export const apiErrorSchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  token: z.string().optional(),
});

/** An error answer. */
export type ApiError = z.infer<typeof apiErrorSchema>;
