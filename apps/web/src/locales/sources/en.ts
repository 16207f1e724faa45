/**
 * The texts only the step sources page reads (docs/product/step-sources.md): a chunk of their own per language that the
 * page loads as it opens, as the social pages' are (decision 097 "Page texts for the social pages"). Every key starts
 * with SOURCES_PREFIX, which the main locales (../en.ts) refuse; the page's title stays there.
 */
export const SOURCES_PREFIX = 'stepSources.';
export type SourcesPrefix = typeof SOURCES_PREFIX;

/** The base dictionary of these texts: every other locale is typed against it, so a missing key fails the typecheck. */
export const sources = {
  'stepSources.counterTitle': 'The in-app counter',
  'stepSources.counterText':
    'While Stride is open on any page, it counts your steps with the phone’s motion sensor and sends them now and then; steps counted offline are kept on the phone and sent once you are back online.',
  'stepSources.highestText':
    'Each source keeps its own count per day, and the day credits the highest one, never the sum: a phone and a watch count the same steps.',
  'stepSources.connectionsTitle': 'Connected accounts',
  'stepSources.connectionsText':
    'The easiest way: connect the account your watch or band syncs to, once, and Stride reads its steps by itself.',
  'stepSources.provider.huawei': 'Huawei Health',
  'stepSources.provider.fitbit': 'Fitbit',
  'stepSources.connect.huawei': 'Connect Huawei Health',
  'stepSources.connect.fitbit': 'Connect Fitbit',
  'stepSources.noProviders': 'This server cannot connect wearable accounts yet.',
  'stepSources.status.active': 'Connected',
  'stepSources.status.revoked': 'Access withdrawn',
  'stepSources.todaySteps': 'Today: {steps} steps',
  'stepSources.lastSync': 'Last synced {time}',
  'stepSources.neverSynced': 'Not synced yet',
  'stepSources.nextSync': 'Next sync {time}',
  'stepSources.errorAt': 'Last attempt {time}',
  'stepSources.revokedText': '{provider} no longer lets Stride read your steps. Reconnect to sync again.',
  'stepSources.reconnect': 'Reconnect',
  'stepSources.reconnectNamed': 'Reconnect {name}',
  'stepSources.syncNow': 'Sync now',
  'stepSources.syncNowNamed': 'Sync now: {name}',
  'stepSources.synced': 'Synced',
  'stepSources.disconnect': 'Disconnect',
  'stepSources.disconnectNamed': 'Disconnect {name}',
  'stepSources.disconnectConfirm':
    'Disconnect “{name}” ({provider})? Stride stops reading its steps; the steps it reported stay.',
  'stepSources.disconnected': 'Account disconnected',
  'stepSources.finishing': 'Finishing the connection…',
  'stepSources.connected': 'Connected: {name}',
  'stepSources.declined': 'The connection was declined: nothing changed.',
  'stepSources.tokensTitle': 'Tokens for devices and automations',
  'stepSources.tokensText':
    'A token may only post your steps: give it to a watch, a companion app or an iOS Shortcut. Up to {max} at once.',
  'stepSources.tokenName': 'Name (for example “Watch”)',
  'stepSources.nameRequired': 'Give the token a name',
  'stepSources.create': 'Create token',
  'stepSources.shownOnce': 'Copy the token now: it is shown only once.',
  'stepSources.copyToken': 'Copy token',
  'stepSources.done': 'Done',
  'stepSources.curlTitle': 'Post steps from a terminal',
  'stepSources.copyExample': 'Copy example',
  'stepSources.shortcutTitle': 'Post today’s steps hour by hour with an iOS Shortcut',
  'stepSources.shortcut1':
    'In Shortcuts, create a shortcut and add “Find Health Samples”: Steps, start date is today, “Was User Entered” is off, grouped by hour.',
  'stepSources.shortcut2':
    'Add “Repeat with Each” over the samples: for each one, a Dictionary with start and end (its dates in ISO 8601), the number steps (its value) and recorded set to automatic, added to the variable Buckets.',
  'stepSources.shortcut3':
    'Add “Get Contents of URL”: {address}, method POST, header Authorization “Bearer” and the token, JSON body with the array field buckets set to Buckets.',
  'stepSources.shortcut4': 'Run it once and allow access to Health.',
  'stepSources.shortcut5':
    'In Automation, run it every hour: each hour counts once however often it is sent, and steps typed in by hand are refused.',
  'stepSources.noTokens': 'No tokens yet',
  'stepSources.lastUsed': 'Last used {time}',
  'stepSources.neverUsed': 'Not used yet',
  'stepSources.revoke': 'Revoke',
  'stepSources.revokeNamed': 'Revoke {name}',
  'stepSources.revokeConfirm': 'Revoke “{name}”? Whatever uses it can no longer post steps; the steps it posted stay.',
  'stepSources.revoked': 'Token revoked',
  'stepSources.importsTitle': 'Import from a health app',
  'stepSources.importsText':
    'An export fills your history. Points and card cash back are earned only for today and yesterday, so older days show in history without rewards.',
  'stepSources.kindLabel': 'Export from',
  'stepSources.kind.appleHealth': 'Apple Health',
  'stepSources.kind.googleFit': 'Google Fit',
  'stepSources.kindHint.appleHealth':
    'In the Health app: your picture → Export All Health Data, then choose the export.zip here.',
  'stepSources.kindHint.googleFit': 'At Google Takeout, export Fit, then choose the takeout-….zip here.',
  'stepSources.file': 'Export file (.zip)',
  'stepSources.chooseFile': 'Choose the export file first',
  'stepSources.upload': 'Import',
  'stepSources.uploading': 'Uploading…',
  'stepSources.reading': 'Reading the export…',
  'stepSources.duplicate': 'This file was already imported on {date}; nothing was added.',
  'stepSources.imported': 'Imported: {days} days with steps.',
  'stepSources.range': 'From {from} to {to}',
  'stepSources.onlyRecentEarn': 'Only today and yesterday can earn points.',
  'stepSources.pastImports': 'Past imports',
  'stepSources.noImports': 'No imports yet',
  'stepSources.importRow': '{days} days, {from} to {to}',
  'stepSources.importRowEmpty': 'No days with steps',
} as const satisfies Readonly<Record<`${SourcesPrefix}${string}`, string>>;

export type SourcesKey = keyof typeof sources;
export type SourcesMessages = Readonly<Record<SourcesKey, string>>;
