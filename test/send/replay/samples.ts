/**
 * Real-world responses of the service as they appear in public material (issue threads, recorded
 * fixtures, published notes and the platform's own samples), replayed by test/send/replay.test.ts.
 * Each sample keeps its status, its headers (with their names' case as published) and its body as
 * published; `source` says where. Where a publication left a part out (a placeholder key, a body
 * shown without its headers) the sample says what was filled in. The expectations are what graphreq
 * decodes from it: the meaning, the figures, the scopes, the regain time and what it holds.
 *
 * "find_string id N" names a file of a public repository in the search tool's index, for samples
 * found in code or notes rather than in an issue thread.
 */

export interface ReplayExpect {
  /** The decoded error: its title (exact), code, subcode, family of rate limit, BUC type, regain time. */
  title?: string;
  code?: number | null;
  subcode?: number | null;
  rateLimit?: string | null;
  bucType?: string | null;
  regainMinutes?: number | null;
  blameFields?: string[];
  userTitle?: string;
  explanation?: RegExp;
  /** The usage decoded from the headers. */
  highestPercent?: number | null;
  buc?: Array<{ businessId: string; type: string; call_count: number | null; estimated_time_to_regain_access?: number | null }>;
  adAccount?: { acc_id_util_pct: number | null; reset_time_duration: number | null };
  app?: { call_count: number | null; total_cputime: number | null; total_time: number | null };
  usageWarnings?: RegExp[];
  /** Requests (request lines) the answer holds back afterwards, and requests it does not. */
  held?: string[];
  notHeld?: string[];
}

export interface ReplaySample {
  id: string;
  source: string;
  shows: string;
  /** The request line the sample answers (its path decides the endpoint and business use case). */
  request: string;
  status: number;
  headers: Record<string, string>;
  body: string;
  expect: ReplayExpect;
}

export const samples: ReplaySample[] = [
  {
    id: 'ads-management-80004',
    source: 'https://github.com/airbytehq/airbyte/issues/8773 (the envelope as posted; no headers were posted)',
    shows: 'the ads management BUC error of one ad account, without a regain time',
    request: 'GET /v23.0/act_66782684/adsets',
    status: 400,
    headers: { 'Content-Type': 'application/json' },
    body: '{"error":{"message":"(#80004) There have been too many calls to this ad-account. Wait a bit and try again. For more info, please refer to https://developers.facebook.com/docs/graph-api/overview/rate-limiting.","type":"OAuthException","code":80004,"error_subcode":2446079,"fbtrace_id":"AFm-w0VSqFxoRyuKXJgg48H"}}',
    expect: { title: 'Ads management BUC limit reached', code: 80004, subcode: 2446079, rateLimit: 'buc', bucType: 'ads_management', regainMinutes: null, held: [], notHeld: ['GET /v23.0/act_1111/adsets'] },
  },
  {
    id: 'ads-insights-80000',
    source: 'https://github.com/airbytehq/airbyte/pull/10655 (a log line of the connector; its trace id says it is a reproduced response)',
    shows: 'the ads insights BUC error',
    request: 'GET /v23.0/act_123/insights',
    status: 400,
    headers: { 'Content-Type': 'application/json' },
    body: '{"error":{"message":"(#80000) There have been too many calls from this ad-account. Wait a bit and try again. For more info, please refer to https://developers.facebook.com/docs/graph-api/overview/rate-limiting.","type":"OAuthException","code":80000,"error_subcode":2446079,"fbtrace_id":"this_is_fake_response"}}',
    expect: { title: 'Ads insights BUC limit reached', code: 80000, subcode: 2446079, rateLimit: 'buc', bucType: 'ads_insights' },
  },
  {
    id: 'user-limit-17',
    source: 'https://github.com/facebook/facebook-python-business-sdk/issues/416',
    shows: 'the legacy user limit: code 17 without the 2446079 subcode, is_transient true',
    request: 'GET /v23.0/act_123/adsets',
    status: 400,
    headers: { 'Content-Type': 'application/json' },
    body: '{"error":{"message":"(#17) User request limit reached","type":"OAuthException","is_transient":true,"code":17,"fbtrace_id":"HsDsvTm9trr"}}',
    expect: { code: 17, subcode: null, rateLimit: 'user' },
  },
  {
    id: 'unsupported-post-100-33',
    source: 'https://github.com/facebook/facebook-nodejs-business-sdk/issues/5 (printed as a JavaScript object; the same members as JSON)',
    shows: '"Unsupported post request. Object with ID ... does not exist", code 100, subcode 33',
    request: 'POST /v23.0/120200000000000099',
    status: 400,
    headers: { 'Content-Type': 'application/json' },
    body: '{"error":{"message":"Unsupported post request. Object with ID \'SOME_CAMPAIGN_ID\' does not exist, cannot be loaded due to missing permissions, or does not support this operation. Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api","type":"GraphMethodException","code":100,"error_subcode":33,"fbtrace_id":"DV8Huvneiyi"}}',
    expect: { title: 'Object not found', code: 100, subcode: 33 },
  },
  {
    id: 'unsupported-get-100',
    source: 'https://github.com/facebook/facebook-java-business-sdk/issues/80',
    shows: 'the unknown-path answer without a subcode',
    request: 'GET /v23.0/targetingsearch',
    status: 400,
    headers: { 'Content-Type': 'application/json' },
    body: '{"error":{"message":"Unsupported get request. Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api","type":"GraphMethodException","code":100,"fbtrace_id":"xxxxxxxxx"}}',
    expect: { title: 'Object not found', code: 100, subcode: null },
  },
  {
    id: 'custom-limit-613',
    source: 'https://github.com/facebook/facebook-php-business-sdk/issues/344 (message and code as quoted)',
    shows: 'the custom rate limit 613, without a regain time',
    request: 'GET /v23.0/?id=https://example.com/post',
    status: 400,
    headers: { 'Content-Type': 'application/json' },
    body: '{"error":{"message":"Calls to this api have exceeded the rate limit","type":"OAuthException","code":613}}',
    expect: { code: 613, subcode: null, rateLimit: 'custom', regainMinutes: null },
  },
  {
    id: 'ad-set-subcode-1487168',
    source: 'https://github.com/daroczig/fbRads/issues/67 (the members its title quotes)',
    shows: 'an ad set creation refused with a seven-digit subcode of 100 (docs/api.md: the iOS 14 numbers are subcodes of 100 for this reason)',
    request: 'POST /v23.0/act_123/adsets',
    status: 400,
    headers: { 'Content-Type': 'application/json' },
    body: '{"error":{"type":"OAuthException","code":100,"error_subcode":1487168}}',
    expect: { title: 'Invalid parameter', code: 100, subcode: 1487168, explanation: /Subcode 1487168 is not in the documents/ },
  },
  {
    id: 'legacy-blame-field',
    source: 'https://github.com/facebook/facebook-php-business-sdk/issues/237',
    shows: 'the legacy error_data shape: an object with blame_field, not JSON text with blame_field_specs',
    request: 'POST /v23.0/act_123/adsets',
    status: 400,
    headers: { 'Content-Type': 'application/json' },
    body: '{"error":{"message":"Invalid parameter","type":"OAuthException","code":100,"error_data":{"blame_field":"targeting"},"error_subcode":1487126,"is_transient":false,"error_user_title":"Invalid Placement","error_user_msg":"Invalid Placement","fbtrace_id":"FYm+yVA1pER"}}',
    expect: { title: 'Invalid parameter', code: 100, subcode: 1487126, blameFields: [], userTitle: 'Invalid Placement', explanation: /Details \(error_data\): \{"blame_field":"targeting"\}/ },
  },
  {
    id: 'advantage-audience-1870227',
    source: 'find_string id 6470616485 (an ad set creation refused, quoted in a comment of a public repository)',
    shows: 'another seven-digit subcode of 100 on ad set creation, with its user title and message',
    request: 'POST /v23.0/act_123/adsets',
    status: 400,
    headers: { 'Content-Type': 'application/json' },
    body: '{"error":{"message":"Invalid parameter","type":"OAuthException","code":100,"error_subcode":1870227,"is_transient":false,"error_user_title":"Advantage Audience Flag Required","error_user_msg":"To create your ad set, you need to enable or disable the Advantage audience feature. This can be done by setting the advantage_audience flag to either 1 or 0 within the targeting_automation field in the targeting spec.","fbtrace_id":"Aj_qFE-Sva-Dbh"}}',
    expect: { title: 'Invalid parameter', code: 100, subcode: 1870227, userTitle: 'Advantage Audience Flag Required' },
  },
  {
    id: 'russian-error-data-text',
    source: 'find_string id 61177262564 (incident notes of a public repository: POST /v22.0/act_.../ads, HTTP 400)',
    shows: 'error_data as JSON text, as [2] describes it, with a user title and message in Russian',
    request: 'POST /v23.0/act_775220918446309/adsets',
    status: 400,
    headers: { 'Content-Type': 'application/json' },
    body: '{"error":{"message":"Invalid parameter","type":"OAuthException","code":100,"error_subcode":1359188,"error_data":"{\\"blame_field_specs\\":[[\\"account_id\\"]]}","error_user_title":"Не указан способ оплаты","error_user_msg":"Как изменить способ оплаты: Добавьте действующий способ оплаты с помощью инструмента «Биллинг и платежи»."}}',
    expect: { title: 'Invalid parameter', code: 100, subcode: 1359188, blameFields: ['account_id'], userTitle: 'Не указан способ оплаты' },
  },
  {
    id: 'portuguese-error-data-text',
    source: 'find_string id 62080712640 (notes of a public repository: POST act_.../adcreatives)',
    shows: 'error_data as JSON text, a user message in Portuguese',
    request: 'POST /v23.0/act_123/adsets',
    status: 400,
    headers: { 'Content-Type': 'application/json' },
    body: '{"error":{"message":"Invalid parameter","type":"OAuthException","code":100,"error_data":"{\\"blame_field_specs\\":[[\\"link\\"]]}","error_subcode":2061015,"error_user_title":"Um campo obrigatório precisa ser preenchido","error_user_msg":"O campo de link é obrigatório. Preencha o campo para continuar.","fbtrace_id":"AKTXGER-zZPWQQfgvPUDFOu"}}',
    expect: { title: 'Invalid parameter', code: 100, subcode: 2061015, blameFields: ['link'], userTitle: 'Um campo obrigatório precisa ser preenchido' },
  },
  {
    id: 'chinese-user-title',
    source: 'find_string id 58362165561 (notes of a public repository on a media upload)',
    shows: 'a code the documents do not list, with a user title in Chinese',
    request: 'POST /v23.0/act_123/adsets',
    status: 400,
    headers: { 'Content-Type': 'application/json' },
    body: '{"error":{"message":"Only photo or video can be accepted as media type.","code":9004,"error_subcode":2207052,"is_transient":false,"error_user_title":"影音素材下載失敗"}}',
    expect: { title: 'Only photo or video can be accepted as media type.', code: 9004, subcode: 2207052, userTitle: '影音素材下載失敗', explanation: /The documents do not list code 9004, subcode 2207052/ },
  },
  {
    id: 'app-limit-4-http-403',
    source: 'find_string id 57850496659 (the block of an incident, kept as a test of a public repository)',
    shows: 'the app limit, code 4, with a subcode and HTTP 403',
    request: 'GET /v23.0/act_123/adsets',
    status: 403,
    headers: { 'Content-Type': 'application/json' },
    body: '{"error":{"message":"Application request limit reached","type":"OAuthException","is_transient":false,"code":4,"error_subcode":2207051,"error_user_title":"action is blocked","error_user_msg":"We restrict certain activity to protect our community. Tell us if you think we made a mistake.","fbtrace_id":"APZFg6mxXnykKvlysZMLVvq"}}',
    expect: { title: 'App rate limit reached', code: 4, subcode: 2207051, rateLimit: 'app' },
  },
  {
    id: 'deprecated-version-2635',
    source: 'find_string id 70109397153 (a recorded answer of a public repository; VERSION filled in)',
    shows: 'the deprecated-version answer',
    request: 'GET /v23.0/act_123/adsets',
    status: 400,
    headers: { 'Content-Type': 'application/json' },
    body: '{"error":{"message":"(#2635) You are calling a deprecated version of the Ads API. Please upgrade to the latest version: v25.0.","type":"OAuthException","code":2635}}',
    expect: { code: 2635, subcode: null, rateLimit: null },
  },
  {
    id: 'several-businesses',
    source: "The platform's sample X-Business-Use-Case-Usage, in a public mirror of its rate-limiting guide (find_string id 54360087744); its placeholder entry left out, its key 10153848260347724 given twice as published",
    shows: 'several business objects in one header, a key given twice (JSON keeps the last)',
    request: 'GET /v23.0/act_66782684/adsets',
    status: 200,
    headers: {
      'Content-Type': 'application/json',
      'x-business-use-case-usage': '{"66782684":[{"type":"ads_management","call_count":95,"total_cputime":20,"total_time":20,"estimated_time_to_regain_access":0,"ads_api_access_tier":"development_access"}],"10153848260347724":[{"type":"ads_insights","call_count":97,"total_cputime":23,"total_time":23,"estimated_time_to_regain_access":0,"ads_api_access_tier":"development_access"}],"10153848260347724":[{"type":"pages","call_count":97,"total_cputime":23,"total_time":23,"estimated_time_to_regain_access":0}]}',
    },
    body: '{"data":[]}',
    expect: {
      highestPercent: 97,
      buc: [
        { businessId: '66782684', type: 'ads_management', call_count: 95, estimated_time_to_regain_access: 0 },
        { businessId: '10153848260347724', type: 'pages', call_count: 97, estimated_time_to_regain_access: 0 },
      ],
      held: [],
    },
  },
  {
    id: 'one-account-blocked',
    source: "The platform's sample X-Business-Use-Case-Usage (find_string id 54360087744): its first entry, whose key the guide writes as {business-object-id}, given the guide's own ads_management id 66782684",
    shows: 'ads_management blocked for one ad account for 19 minutes: only that account is held',
    request: 'GET /v23.0/act_66782684/adsets',
    status: 200,
    headers: {
      'Content-Type': 'application/json',
      'X-Business-Use-Case-Usage': '{"66782684":[{"type":"ads_management","call_count":100,"total_cputime":25,"total_time":25,"estimated_time_to_regain_access":19,"ads_api_access_tier":"standard_access"}]}',
    },
    body: '{"data":[]}',
    expect: {
      highestPercent: 100,
      buc: [{ businessId: '66782684', type: 'ads_management', call_count: 100, estimated_time_to_regain_access: 19 }],
      held: ['GET /v23.0/act_66782684/adsets', 'GET /v23.0/23850000000000001?fields=id'],
      notHeld: ['GET /v23.0/act_1111/adsets', 'GET /v23.0/?id=https://example.com/post'],
    },
  },
  {
    id: 'lowercase-header-custom-audience',
    source: 'find_string id 24677511384 (an HTTP recording of a public repository: lower-case header names, facebook-api-version v11.0)',
    shows: 'a lower-case header name and a custom_audience entry',
    request: 'GET /v23.0/act_542676646349772/adsets',
    status: 200,
    headers: {
      'Content-Type': 'application/json',
      'x-business-use-case-usage': '{"542676646349772":[{"type":"custom_audience","call_count":7,"total_cputime":1,"total_time":2,"estimated_time_to_regain_access":0}]}',
      'x-fb-rlafr': '0',
      'facebook-api-version': 'v11.0',
    },
    body: '{"data":[]}',
    expect: { highestPercent: 7, buc: [{ businessId: '542676646349772', type: 'custom_audience', call_count: 7, estimated_time_to_regain_access: 0 }] },
  },
  {
    id: 'fractional-ad-account',
    source: 'find_string id 60176578809 (the headers quoted in a public repository\'s usage reader)',
    shows: 'a fractional acc_id_util_pct (9.67), the app header beside it',
    request: 'GET /v3.3/act_123/adsets',
    status: 200,
    headers: {
      'Content-Type': 'application/json',
      'X-App-Usage': '{"call_count":25,"total_cputime":12,"total_time":8}',
      'X-Ad-Account-Usage': '{"acc_id_util_pct":9.67,"reset_time_duration":100,"ads_api_access_tier":"standard_access"}',
    },
    body: '{"data":[]}',
    expect: { highestPercent: 25, app: { call_count: 25, total_cputime: 12, total_time: 8 }, adAccount: { acc_id_util_pct: 9.67, reset_time_duration: 100 } },
  },
  {
    id: 'entry-without-type',
    source: 'find_string id 60836748655 (the headers of a public repository\'s parser test: act_-prefixed key, an entry without type, mixed header-name casing)',
    shows: 'a legacy BUC shape without `type` (a warning, the rest still read) and a lower-case X-Ad-Account-Usage',
    request: 'GET /v3.3/act_1/adsets',
    status: 200,
    headers: {
      'Content-Type': 'application/json',
      'X-Business-Use-Case-Usage': '{"act_1":[{"call_count":91,"estimated_time_to_regain_access":4,"ads_api_access_tier":"standard_access"}]}',
      'x-ad-account-usage': '{"acc_id_util_pct":88,"reset_time_duration":15}',
    },
    body: '{"data":[]}',
    expect: { highestPercent: 88, buc: [], adAccount: { acc_id_util_pct: 88, reset_time_duration: 15 }, usageWarnings: [/act_1\[0\] has no type/] },
  },
  {
    id: 'auto-upgraded-version',
    source: 'find_string id 53793764268 (recorded response headers in a public repository)',
    shows: 'the app header with a 0 figure, beside a version warning header graphreq does not decode',
    request: 'GET /v23.0/?id=https://example.com/post',
    status: 200,
    headers: {
      'Content-Type': 'application/json',
      'x-ad-api-version-warning': 'The call has been auto-upgraded to v25.0 as v19.0 has been deprecated.',
      'x-app-usage': '{"call_count":1,"total_cputime":0,"total_time":3}',
      'facebook-api-version': 'v25.0',
    },
    body: '{"id":"https://example.com/post"}',
    expect: { highestPercent: 3, app: { call_count: 1, total_cputime: 0, total_time: 3 } },
  },
  {
    id: 'ad-account-at-100-with-80004',
    source: 'find_string id 71614430523 (a public repository\'s client test: the ad account header at 100 with an 80004 body)',
    shows: 'the regain time taken from X-Ad-Account-Usage (reset_time_duration 2 s) when the error gives none; the hold is that account\'s',
    request: 'POST /v23.0/act_1/adsets',
    status: 400,
    headers: { 'Content-Type': 'application/json', 'X-Ad-Account-Usage': '{"acc_id_util_pct":100,"reset_time_duration":2}' },
    body: '{"error":{"message":"limit","code":80004}}',
    expect: {
      title: 'Ads management BUC limit reached',
      code: 80004,
      rateLimit: 'buc',
      highestPercent: 100,
      adAccount: { acc_id_util_pct: 100, reset_time_duration: 2 },
      held: ['GET /v23.0/act_1/adsets'],
      notHeld: ['GET /v23.0/act_2/adsets'],
    },
  },
  {
    id: 'portuguese-doc-insights',
    source: 'find_string id 57075073059 (a sample in Portuguese notes of a public repository; business_id_123 as written)',
    shows: 'a key that is not an id, members in another order',
    request: 'GET /v23.0/act_123/insights',
    status: 200,
    headers: { 'Content-Type': 'application/json', 'X-Business-Use-Case-Usage': '{"business_id_123":[{"call_count":28,"total_cputime":15,"total_time":22,"type":"ads_insights","estimated_time_to_regain_access":0}]}' },
    body: '{"data":[]}',
    expect: { highestPercent: 28, buc: [{ businessId: 'business_id_123', type: 'ads_insights', call_count: 28, estimated_time_to_regain_access: 0 }] },
  },
];
