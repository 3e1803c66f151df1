/**
 * The ad accounts graphreq's emulator holds from its first start (docs/emulator.md, Seed data), as
 * far as the rules read them: their saved regional-regulation defaults (ADSET-DSA-REQUIRED).
 *
 * Requests go to that emulator when no base URL is configured (docs/sending.md), so for them these
 * accounts are the service's: a request to `act_1000000001` that leaves out `dsa_payor` is filled from
 * the account's default there, and the editor must not call it an error (docs/rules.md, "The editor
 * and the service agree"). The emulator's seed (server/src/emulator/seed.ts) builds its accounts from
 * this table, so the two cannot drift apart.
 */
export interface AccountDsaDefaults {
  default_dsa_payor?: string;
  default_dsa_beneficiary?: string;
}

/** By `act_<id>` (read with `own`). Accounts the emulator creates on first use have no defaults and are not listed. */
export const EMULATOR_ACCOUNT_DEFAULTS: Readonly<Record<string, Readonly<AccountDsaDefaults>>> = {
  act_1000000001: { default_dsa_payor: 'Demo Payor Ltd', default_dsa_beneficiary: 'Demo Beneficiary Ltd' },
};
