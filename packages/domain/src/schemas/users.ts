import { z } from 'zod';

/** A user as every endpoint answers it; document fields are short-lived signed URLs or null. */
export const ZPublicUser = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  mobile: z.string().nullable(),
  address: z.string().nullable(),
  role: z.string(),
  role_id: z.number(),
  Role: z.object({
    id: z.number(),
    name: z.string(),
    permissions: z.array(z.object({ resource: z.string(), actions: z.array(z.string()) })),
  }),
  is_active: z.boolean(),
  profile_pic: z.string().nullable(),
  adhaar_card: z.string().nullable(),
  voter_card: z.string().nullable(),
  pan_card: z.string().nullable(),
  bank_check: z.string().nullable(),
  agent_qr_code_url: z.string().nullable(),
  reference_customer_id: z.number().nullable(),
  agent_id: z.number().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  location_enabled: z.boolean(),
  location_updated_at: z.string().nullable(),
  location_accuracy: z.number().nullable(),
  created_at: z.string(),
});
export type TPublicUser = z.infer<typeof ZPublicUser>;

/** A user in pickers: the reference-customer search and the like. */
export const ZUserSummary = z.object({ id: z.number(), name: z.string(), email: z.string() });
export type TUserSummary = z.infer<typeof ZUserSummary>;
