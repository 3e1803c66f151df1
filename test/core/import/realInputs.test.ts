/**
 * `graphreq import` on what users bring from the tools they come from: curl commands and .http
 * files as the API's documents, blog posts and repositories write them, each quoted briefly with its
 * source, and each once converted wrong (a lost parameter, a token or secret copied into the file,
 * a broken request or body). Every result must read without a SYNTAX-* finding (importHelpers.ts).
 */
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assertNoSecret, convert } from './importHelpers';

const body = (text: string): unknown => JSON.parse(text.slice(text.indexOf('\n{') + 1));

describe('import: real curl commands', () => {
  it('reads typographic quotes as the shell\'s, so the token is dropped (the batch requests page renders ‘…’ and “…”)', () => {
    // https://developers.facebook.com/docs/graph-api/making-multiple-requests/ (the token pasted where the page writes …)
    const token = 'EAAQrealLookingToken1234567890abcdef';
    const r = convert(`curl \\
    -F ‘access_token=${token}’ \\
    -F ‘batch=[{“method”:”GET”, “relative_url”:”me”},{“method”:”GET”, “relative_url”:”me/friends?limit=50”}]’ \\
    https://graph.facebook.com`);
    assert.match(r.text, /^POST \/$/m);
    assert.deepEqual(body(r.text), { batch: [{ method: 'GET', relative_url: 'me' }, { method: 'GET', relative_url: 'me/friends?limit=50' }] });
    assert.ok(r.notes.some((n) => /typographic quotes/.test(n)));
    assert.ok(r.notes.some((n) => /access_token field was not copied/.test(n)));
    assertNoSecret(r, token);
  });

  it('keeps a -F value the documents write as a placeholder (<CAMPAIGN_ID>), which curl would take for a file', () => {
    // https://developers.facebook.com/documentation/ads-commerce/marketing-api/audiences/reference/basic-targeting
    const r = convert(`curl -X POST \\
  -F 'name=My AdSet' \\
  -F 'optimization_goal=REACH' \\
  -F 'billing_event=IMPRESSIONS' \\
  -F 'bid_amount=2' \\
  -F 'daily_budget=1000' \\
  -F 'campaign_id=<CAMPAIGN_ID>' \\
  -F 'status=ACTIVE' \\
  -F 'access_token=<ACCESS_TOKEN>' \\
https://graph.facebook.com/v25.0/act_<AD_ACCOUNT_ID>/adsets`);
    assert.deepEqual(body(r.text), { name: 'My AdSet', optimization_goal: 'REACH', billing_event: 'IMPRESSIONS', bid_amount: 2, daily_budget: 1000, campaign_id: '<CAMPAIGN_ID>', status: 'ACTIVE' });
    assert.ok(!r.notes.some((n) => /uploads a file/.test(n)), r.notes.join('\n'));
    assert.ok(r.notes.some((n) => /access_token field was not copied/.test(n)));
    // A real upload is still one.
    assert.ok(convert(`curl -F 'source=@photo.jpg' -F 'spec=<spec.json' https://graph.facebook.com/v23.0/act_1/adimages`).notes.filter((n) => /uploads a file/.test(n)).length === 2);
  });

  it('joins a URL the documents write over several lines, without the spaces and the // comments', () => {
    // https://developers.facebook.com/docs/graph-api/batch-requests ("Formatted for readability.")
    const r = convert(`curl -i -X POST 'https://graph.facebook.com/me?batch=  
  [
    {
      "method":"GET",
      "relative_url":"PAGE-A-ID"
    },  
    {
      "method":"GET",
      "relative_url":"PAGE-B-ID"
    }
  ]
  &include_headers=false             // Included to remove header information
  &access_token=ACCESS-TOKEN'`);
    assert.match(r.text, /^POST \/me\?batch=\[\{"method":"GET","relative_url":"PAGE-A-ID"\},\{"method":"GET","relative_url":"PAGE-B-ID"\}\]&include_headers=false$/m);
    assert.ok(!/Included to remove|^\s*&/m.test(r.text), r.text);
    assertNoSecret(r, 'ACCESS-TOKEN');
  });

  it('drops the app secret and the token to exchange, as it drops access_token', () => {
    // https://developers.secure.facebook.com/docs/business-management-apis/2tier-bm-solution/supported-operations
    const exchange = convert(`curl -i -X GET "https://graph.facebook.com/{graph-api-version}/oauth/access_token?
grant_type=fb_exchange_token&
client_id={app-id}&
client_secret={app-secret}&
fb_exchange_token={your-access-token}"`);
    // The documents' placeholders become variables, the path's and a whole value's.
    assert.match(exchange.text, /^GET \/\{\{graph-api-version\}\}\/oauth\/access_token\?grant_type=fb_exchange_token&client_id=\{\{app-id\}\}$/m);
    assert.match(exchange.text, /^# the client_secret query parameter dropped by the import: a request file never holds a credential/m);
    assert.match(exchange.text, /^# the fb_exchange_token query parameter dropped by the import/m);
    // The same call with the values filled in, as a user runs it; and a blog post's `client_secret=bar`
    // (a Korean post on error bodies, public code index: "curl -X GET https://graph.facebook.com/oauth/access_token?client_id=foo&client_secret=bar&grant_type=baz").
    const secret = '0123456789abcdef0123456789abcdef';
    const userToken = 'EAAGm0PX4ZCpsBAexampleexampleexample';
    assertNoSecret(convert(`curl -i -X GET "https://graph.facebook.com/v23.0/oauth/access_token?grant_type=fb_exchange_token&client_id=1234567890&client_secret=${secret}&fb_exchange_token=${userToken}"`), secret);
    assertNoSecret(convert(`curl -i -X GET "https://graph.facebook.com/v23.0/debug_token?input_token=${userToken}"`), userToken);
    assert.match(convert('curl -X GET https://graph.facebook.com/oauth/access_token?client_id=foo&client_secret=bar&grant_type=baz').text, /^GET \/oauth\/access_token\?client_id=foo&grant_type=baz$/m);
  });

  it('leaves no body when the only form field was the token (a read written with -X GET -F)', () => {
    // https://developers.secure.facebook.com/docs/business-management-apis/2tier-bm-solution/supported-operations, "Get Facebook Pages for a User"
    const r = convert(`curl -X GET \\
-F 'access_token={{user_access_token}}' \\
https://graph.facebook.com/{{meta-api-version}}/me/accounts?fields=id,name,category,link,picture,tasks,access_token`);
    assert.match(r.text, /^GET \/\{\{meta-api-version\}\}\/me\/accounts\?fields=id,name,category,link,picture,tasks,access_token\n?$/m);
    assert.ok(!/\{\}/.test(r.text), r.text);
    // Without -X, a command whose only field was the token is still the POST it was.
    assert.match(convert(`curl -F 'access_token=x-token-x' https://graph.facebook.com/v23.0/120200000000000001/copies`).text, /^POST \/v23\.0\/120200000000000001\/copies$/m);
  });

  it('gives $VARIABLES the values the script sets, as the shell would, and makes the others graphreq variables', () => {
    // https://github.com/gabrielroriz/sh-facebook-ads-api, add_env_730.sh (the token line left out)
    const r = convert(`PAGE_ID="4485298641544770" # @lavros.oficial
AD_ACCOUNT_ID="596758467586352" # CA - Lavros

curl -X POST \\
  -F 'name="IG - Envolvidos - 730D"' \\
  -F "rule={
       \\"inclusions\\": {
         \\"operator\\": \\"or\\",
         \\"rules\\": [ { \\"event_sources\\": [ { \\"id\\": \\"\${PAGE_ID}\\", \\"type\\": \\"ig_business\\" } ], \\"retention_seconds\\": 63072000 } ]
       }
     }" \\
  -F "prefill=1" \\
  -F "access_token=\${ACCESS_TOKEN}" \\
  https://graph.facebook.com/v12.0/act_\${AD_ACCOUNT_ID}/customaudiences`);
    assert.match(r.text, /^POST \/v12\.0\/act_596758467586352\/customaudiences$/m);
    assert.deepEqual((body(r.text) as { rule: { inclusions: { rules: Array<{ event_sources: Array<{ id: string }> }> } } }).rule.inclusions.rules[0].event_sources[0].id, '4485298641544770');
    assert.ok(!r.notes.some((n) => /not a curl command/.test(n)), r.notes.join('\n'));
    // A variable of the user's environment becomes one of graphreq's, said once; one only in the dropped token is not mentioned.
    // (an RPS sample's applink script, public code index: "curl -X GET https://graph.facebook.com/v2.0/$FB_APPLINK_HOST_ID?access_token="$APPID|$APPSECRET"")
    const env = convert('curl -X GET https://graph.facebook.com/v2.0/$FB_APPLINK_HOST_ID?access_token="$APPID|$APPSECRET"');
    assert.match(env.text, /^GET \/v2\.0\/\{\{FB_APPLINK_HOST_ID\}\}$/m);
    assert.deepEqual(env.notes.filter((n) => /^\$/.test(n)), ['$FB_APPLINK_HOST_ID is not set in the commands: written {{FB_APPLINK_HOST_ID}}, a variable to give a value in graphreq.env.json']);
    // In single quotes the shell expands nothing.
    assert.deepEqual(body(convert(`curl -d '{"name": "$NAME"}' https://graph.facebook.com/v23.0/act_1/campaigns`).text), { name: '$NAME' });
  });

  it('reads a URL the script builds in a variable (export FB_DEBUG_URL=...; curl $FB_DEBUG_URL), tokens dropped', () => {
    // https://github.com/rommms07/idream-erp, examples/core/auth/fb-loginflow.sh
    const r = convert(`export FB_DEBUG_URL="https://graph.facebook.com/debug_token?input_token=$FB_ACCESS_TOKEN&access_token=$FB_CLIENT_ID|$FB_CLIENT_SECRET"
curl $FB_DEBUG_URL`);
    assert.match(r.text, /^GET \/debug_token$/m);
    assert.ok(!/FB_CLIENT_SECRET|FB_ACCESS_TOKEN/.test(r.text.replace(/^#.*$/gm, '')), r.text);
  });
});

describe('import: real .http files', () => {
  it('keeps the version a @baseUrl holds after the API\'s host (https://graph.facebook.com/v14.0)', () => {
    // Click to WhatsApp Ads API notes (public code index, a Postman guide): "**URL:** `{{baseUrl}}/act_123456789/campaigns`" with a versioned base URL
    const r = convert(`@baseUrl = https://graph.facebook.com/v14.0

### 1. Create Ad Campaign
POST {{baseUrl}}/act_123456789/campaigns
Content-Type: application/json

{ "name": "Click to WhatsApp Campaign", "objective": "OUTCOME_ENGAGEMENT", "status": "PAUSED", "special_ad_categories": [] }

### 2. Get Campaign
GET {{baseUrl}}/{{campaignId}}?fields=name,status,objective
`);
    assert.match(r.text, /^POST \/v14\.0\/act_123456789\/campaigns$/m);
    assert.match(r.text, /^GET \/v14\.0\/\{\{campaignId\}\}\?fields=name,status,objective$/m);
    assert.ok(r.notes.some((n) => /the path after it, \/v14\.0, is kept in each request/.test(n)));
  });

  it('drops the Host header of a request the documents write as `GET /v21.0/... HTTP/1.1` then `Host: graph.facebook.com`', () => {
    // https://developers.secure.facebook.com/docs/graph-api/reference/adaccount/insights
    const r = convert(`GET /v21.0/<AD_SET_ID>/insights?fields=impressions&breakdown=publisher_platform HTTP/1.1
Host: graph.facebook.com
`, 'http');
    assert.match(r.text, /^GET \/v21\.0\/<AD_SET_ID>\/insights\?fields=impressions&breakdown=publisher_platform$/m);
    assert.ok(!/^Host:/im.test(r.text), r.text);
  });
});
