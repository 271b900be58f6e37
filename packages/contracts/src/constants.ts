/** Business constants of the console. Server, console and widget read them from here. */

/** The console signs out after 30 minutes without activity; a warning counts down the last 2 minutes. */
export const INACTIVITY_LIMIT_MS = 1_800_000;
export const INACTIVITY_WARNING_MS = 120_000;
export const INACTIVITY_COUNTDOWN_TICK_MS = 100;
/** How often a tab tells the console's other tabs that its user is active (activity counts in every tab). */
export const INACTIVITY_SHARE_MS = 5_000;

export const SAVED_MESSAGE_MS = 3_000;
export const SYNC_ERROR_MS = 5_000;
export const SYNC_ERROR_MAX_CHARS = 10;
export const COPIED_MARK_MS = 1_000;

export const DEFAULT_PAGE_SIZE = 10;
export const DRAWER_WIDTH = '28rem';

/** Browser storage keys; the version suffix lets a future shape change start clean instead of misreading old data. */
export const AUTH_STORAGE_KEY = 'console.auth.v1';
export const APP_STATE_STORAGE_KEY = 'console.app-state.v1';
export const DRAWER_STORAGE_KEY = 'console.drawer.v1';
/** Tab-scoped (session storage): the pending-MFA token between the password and MFA steps, and a note for the next sign-in screen. */
export const MFA_PENDING_STORAGE_KEY = 'console.mfa-pending.v1';
export const SIGN_IN_NOTICE_STORAGE_KEY = 'console.sign-in-notice.v1';
export const LAST_ACTIVITY_STORAGE_KEY = 'console.last-activity.v1';

/** The server reports this version when it runs from a development checkout. */
export const DEVELOPMENT_VERSION = 'development';

/** Sign-in secrets and their lifetimes. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;
export const REFRESH_TOKEN_BYTES = 32;
export const MFA_CODE_LENGTH = 6;
export const MFA_CODE_TTL_MS = 10 * 60 * 1000;
/** Wrong MFA codes one challenge takes on each path: with the pending token (burns it), and without (closes the link). */
export const MFA_MAX_ATTEMPTS = 5;
export const TOKEN_CODE_LENGTH = 6;
/** Wrong guesses one reset or invitation code takes, from anyone, before it is burned. */
export const TOKEN_CODE_MAX_ATTEMPTS = 5;
export const RESET_CODE_TTL_MS = 60 * 60 * 1000;
export const INVITE_CODE_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** Sign-in throttling: failures per account, and calls per client address, within one window. */
export const LOGIN_RATE_WINDOW_MS = 15 * 60 * 1000;
export const LOGIN_MAX_FAILURES_PER_ACCOUNT = 5;
export const LOGIN_MAX_CALLS_PER_ADDRESS = 30;
/** Reset codes mailed to one account per window, however many addresses ask: forgot must not flood a mailbox. */
export const RESET_MAILS_PER_ACCOUNT = 3;

/**
 * Free-form JSON settings (pipeline configurations, source and channel configurations): how deep
 * they may nest and how long their JSON text may be. Real settings are a few levels deep and a few
 * kilobytes; the bounds keep a hostile body from exhausting the stack or filling a row.
 */
export const JSON_SETTINGS_MAX_DEPTH = 32;

/**
 * The most items one list in one request body may hold (an intent's utterances, a slot's terms, a
 * jargon mapping's terms, ...): far beyond what a person types, and it keeps one call's work bounded.
 */
export const LIST_MAX_ITEMS = 1_000;
export const JSON_SETTINGS_MAX_CHARS = 64 * 1024;
