/**
 * The three requests of issue 23, written as a new user writes them, with no directive: each is
 * refused by the embedded emulator because of its seed data, and each must be flagged at its line by
 * `graphreq check` and the language server alike.
 */
export const THREE_REQUESTS = `### Goal not allowed by the campaign's objective
POST /v23.0/act_1000000001/adsets

{
  "name": "Link clicks",
  "campaign_id": "120200000000000001",
  "daily_budget": 1000,
  "billing_event": "IMPRESSIONS",
  "optimization_goal": "LINK_CLICKS",
  "bid_strategy": "LOWEST_COST_WITHOUT_CAP",
  "targeting": { "geo_locations": { "countries": ["US"] } }
}

### Deprecated version
GET /v2.8/act_1000000001/adsets

### No budget here nor on the campaign
POST /v23.0/act_1000000001/adsets

{
  "name": "No budget",
  "campaign_id": "120200000000000002",
  "billing_event": "IMPRESSIONS",
  "optimization_goal": "LINK_CLICKS",
  "bid_strategy": "LOWEST_COST_WITHOUT_CAP",
  "targeting": { "geo_locations": { "countries": ["US"] } }
}
`;

/** Each finding expected, by rule and 1-based line. */
export const THREE_FINDINGS = [
  { code: 'ADSET-GOAL-FOR-OBJECTIVE', line: 9 },
  { code: 'REQ-VERSION-EXPIRED', line: 15 },
  { code: 'ADSET-BUDGET-POSITIVE', line: 18 },
];
