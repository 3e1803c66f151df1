// This file is generated - do not edit directly! Generator: server/build/generateApiIndex.mjs
// The sections of docs/api.md (headings "[n] Title") and its short citations.

export interface ApiSection {
  /** The document: 1, 2 or 3. */
  doc: number;
  /** The heading without its "[n] " prefix. */
  title: string;
  /** The anchor of the heading in docs/api.md. */
  anchor: string;
  /** The heading level; the document's own section is level 2. */
  level: number;
  /** Numbers of the numbered rules in the section, when it has some. */
  items?: number[];
}

export const apiSections: ApiSection[] = [
  {
    "doc": 1,
    "title": "URL and thread nodes",
    "anchor": "1-url-and-thread-nodes",
    "level": 2
  },
  {
    "doc": 1,
    "title": "What the service does",
    "anchor": "1-what-the-service-does",
    "level": 3
  },
  {
    "doc": 1,
    "title": "Resources and their fields",
    "anchor": "1-resources-and-their-fields",
    "level": 3
  },
  {
    "doc": 1,
    "title": "URL node",
    "anchor": "1-url-node",
    "level": 4
  },
  {
    "doc": 1,
    "title": "Thread node",
    "anchor": "1-thread-node",
    "level": 4
  },
  {
    "doc": 1,
    "title": "Messages connection",
    "anchor": "1-messages-connection",
    "level": 5
  },
  {
    "doc": 1,
    "title": "States and transitions",
    "anchor": "1-states-and-transitions",
    "level": 3
  },
  {
    "doc": 1,
    "title": "Endpoints",
    "anchor": "1-endpoints",
    "level": 3
  },
  {
    "doc": 1,
    "title": "Read a URL node",
    "anchor": "1-read-a-url-node",
    "level": 4
  },
  {
    "doc": 1,
    "title": "Refresh a URL node",
    "anchor": "1-refresh-a-url-node",
    "level": 4
  },
  {
    "doc": 1,
    "title": "Read a thread",
    "anchor": "1-read-a-thread",
    "level": 4
  },
  {
    "doc": 1,
    "title": "Authentication",
    "anchor": "1-authentication",
    "level": 3
  },
  {
    "doc": 1,
    "title": "Errors",
    "anchor": "1-errors",
    "level": 3
  },
  {
    "doc": 1,
    "title": "Limits",
    "anchor": "1-limits",
    "level": 3
  },
  {
    "doc": 2,
    "title": "Ad set",
    "anchor": "2-ad-set",
    "level": 2
  },
  {
    "doc": 2,
    "title": "What the service does",
    "anchor": "2-what-the-service-does",
    "level": 3
  },
  {
    "doc": 2,
    "title": "Resources and their fields",
    "anchor": "2-resources-and-their-fields",
    "level": 3
  },
  {
    "doc": 2,
    "title": "Ad set read fields",
    "anchor": "2-ad-set-read-fields",
    "level": 4
  },
  {
    "doc": 2,
    "title": "Issue entry (issues_info item)",
    "anchor": "2-issue-entry-issues_info-item",
    "level": 4
  },
  {
    "doc": 2,
    "title": "Objective to optimization-goal mapping",
    "anchor": "2-objective-to-optimization-goal-mapping",
    "level": 4
  },
  {
    "doc": 2,
    "title": "Conversion events by location",
    "anchor": "2-conversion-events-by-location",
    "level": 5
  },
  {
    "doc": 2,
    "title": "States and transitions",
    "anchor": "2-states-and-transitions",
    "level": 3
  },
  {
    "doc": 2,
    "title": "Endpoints",
    "anchor": "2-endpoints",
    "level": 3
  },
  {
    "doc": 2,
    "title": "Create an ad set",
    "anchor": "2-create-an-ad-set",
    "level": 4
  },
  {
    "doc": 2,
    "title": "promoted_object members",
    "anchor": "2-promoted_object-members",
    "level": 5
  },
  {
    "doc": 2,
    "title": "Required members by objective or goal",
    "anchor": "2-required-members-by-objective-or-goal",
    "level": 5
  },
  {
    "doc": 2,
    "title": "Read an ad set",
    "anchor": "2-read-an-ad-set",
    "level": 4
  },
  {
    "doc": 2,
    "title": "Copy an ad set",
    "anchor": "2-copy-an-ad-set",
    "level": 4
  },
  {
    "doc": 2,
    "title": "Other operations",
    "anchor": "2-other-operations",
    "level": 4
  },
  {
    "doc": 2,
    "title": "Ad account defaults for regional regulation",
    "anchor": "2-ad-account-defaults-for-regional-regulation",
    "level": 4
  },
  {
    "doc": 2,
    "title": "Regional-regulation rules (payor and beneficiary)",
    "anchor": "2-regional-regulation-rules-payor-and-beneficiary",
    "level": 3,
    "items": [
      1,
      2,
      3,
      4,
      5
    ]
  },
  {
    "doc": 2,
    "title": "Flagged custom audiences and conversions",
    "anchor": "2-flagged-custom-audiences-and-conversions",
    "level": 3
  },
  {
    "doc": 2,
    "title": "Authentication",
    "anchor": "2-authentication",
    "level": 3
  },
  {
    "doc": 2,
    "title": "Errors",
    "anchor": "2-errors",
    "level": 3
  },
  {
    "doc": 2,
    "title": "Limits",
    "anchor": "2-limits",
    "level": 3
  },
  {
    "doc": 2,
    "title": "Versioning",
    "anchor": "2-versioning",
    "level": 3
  },
  {
    "doc": 3,
    "title": "Platform limits, errors and versions",
    "anchor": "3-platform-limits-errors-and-versions",
    "level": 2
  },
  {
    "doc": 3,
    "title": "What the service does",
    "anchor": "3-what-the-service-does",
    "level": 3
  },
  {
    "doc": 3,
    "title": "Authentication",
    "anchor": "3-authentication",
    "level": 3
  },
  {
    "doc": 3,
    "title": "Events",
    "anchor": "3-events",
    "level": 3
  },
  {
    "doc": 3,
    "title": "Errors",
    "anchor": "3-errors",
    "level": 3
  },
  {
    "doc": 3,
    "title": "Rate-limit error envelope",
    "anchor": "3-rate-limit-error-envelope",
    "level": 4
  },
  {
    "doc": 3,
    "title": "Platform limit codes",
    "anchor": "3-platform-limit-codes",
    "level": 4
  },
  {
    "doc": 3,
    "title": "BUC limit codes",
    "anchor": "3-buc-limit-codes",
    "level": 4
  },
  {
    "doc": 3,
    "title": "Stable throttle indicators",
    "anchor": "3-stable-throttle-indicators",
    "level": 4
  },
  {
    "doc": 3,
    "title": "iOS 14 error codes for ads endpoints",
    "anchor": "3-ios-14-error-codes-for-ads-endpoints",
    "level": 4
  },
  {
    "doc": 3,
    "title": "Limits",
    "anchor": "3-limits",
    "level": 3
  },
  {
    "doc": 3,
    "title": "Platform limits",
    "anchor": "3-platform-limits",
    "level": 4
  },
  {
    "doc": 3,
    "title": "BUC limits",
    "anchor": "3-buc-limits",
    "level": 4
  },
  {
    "doc": 3,
    "title": "Photo-platform messaging limits",
    "anchor": "3-photo-platform-messaging-limits",
    "level": 4
  },
  {
    "doc": 3,
    "title": "Usage headers",
    "anchor": "3-usage-headers",
    "level": 3
  },
  {
    "doc": 3,
    "title": "Versioning",
    "anchor": "3-versioning",
    "level": 3,
    "items": [
      1,
      2,
      3,
      4,
      5,
      6,
      7,
      8,
      9
    ]
  }
];

/** Short citations (text as written) and the anchor each stands for. */
export const apiAliases: Record<string, string> = {
  "[1] Query shape": "1-messages-connection",
  "[2] Read fields": "2-ad-set-read-fields",
  "[2] Fields": "2-ad-set-read-fields",
  "[2] Objective mapping": "2-objective-to-optimization-goal-mapping",
  "[3] iOS 14 table": "3-ios-14-error-codes-for-ads-endpoints"
};
