/**
 * The contracts' values the widget uses at run time, restated: each contracts module declares its zod
 * schemas beside its constants, and importing a value from there brings zod into the standalone
 * bundle, beyond its size budget (the console's build takes them from the contracts). The test beside
 * this file holds them equal to the contracts'.
 */

/** The conversation a failed answer kept (`CONVERSATION_ID_HEADER`). */
export const CONVERSATION_ID_HEADER = 'x-conv-id';
/** The longest comment on an answer (`FEEDBACK_COMMENT_MAX`). */
export const FEEDBACK_COMMENT_MAX = 500;
