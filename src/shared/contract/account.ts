import { z } from 'zod';
import { defineEvent, defineRoute } from './define';
import { inputMessages } from './input-messages';

/** A balance in credits (1 USD = 200 credits); amounts are null when unlimited or not reported. */
const balanceViewSchema = z.object({
  unlimited: z.boolean(),
  remainCredits: z.number().nullable(),
  usedCredits: z.number().nullable(),
  /** In the gateway's configured unit (USD, CNY or tokens). */
  remainBalance: z.number().nullable(),
  usedBalance: z.number().nullable(),
  creditsPerUsd: z.number(),
  /** Daily and monthly limits in credits where the gateway reports them (0: no limit); null when it does not. */
  dailyLimitCredits: z.number().nullable(),
  monthlyLimitCredits: z.number().nullable(),
});
export type BalanceView = z.infer<typeof balanceViewSchema>;

const accountBalanceSchema = z.object({
  /** What the key in use may still spend. */
  token: balanceViewSchema,
  /** The whole user account; null when the gateway would not tell (see `userError`). */
  user: balanceViewSchema.nullable(),
  userError: z.string().nullable(),
  demoMode: z.boolean(),
});
export type AccountBalance = z.infer<typeof accountBalanceSchema>;

const createTokenInputSchema = z
  .object({
    name: z.string().trim().min(1, inputMessages.keyName.key).max(50, inputMessages.keyNameLength.key),
    /** Spending cap in credits; absent or 0 means no remaining quota unless `unlimited`. */
    remainCredits: z.number().min(0).optional(),
    unlimited: z.boolean().optional(),
    /** Unix seconds; absent means never. */
    expiresAt: z.number().int().positive().optional(),
    dailyCredits: z.number().min(0).optional(),
    monthlyCredits: z.number().min(0).optional(),
    /** Restrict the key to these model ids. */
    modelLimits: z.array(z.string().trim().min(1).max(200)).max(500).optional(),
    group: z.string().trim().min(1).max(200).optional(),
  })
  .strict();
export type CreateTokenInput = z.infer<typeof createTokenInputSchema>;

const createdTokenSchema = z.object({
  /**
   * The new secret (`sk-...`). Shown once: the gateway never returns it again and the studio
   * does not keep it unless the user saves it into a profile.
   */
  key: z.string(),
  id: z.number().nullable(),
  name: z.string(),
  remainCredits: z.number().nullable(),
  unlimited: z.boolean(),
  /** Unix seconds, or -1 for never. */
  expiredTime: z.number().nullable(),
  modelLimits: z.array(z.string()),
  group: z.string().nullable(),
});
export type CreatedTokenView = z.infer<typeof createdTokenSchema>;

export const accountRoutes = {
  'account.get_balance': defineRoute({ input: z.object({}).strict(), output: accountBalanceSchema }),
  'account.create_token': defineRoute({ input: createTokenInputSchema, output: createdTokenSchema }),
};

export const accountEvents = {
  /** Pushed whenever main reads the balance, so every view shows the same figures. */
  'account.balance': defineEvent(accountBalanceSchema),
};
