/** What the chat API answers when it refuses (the widget shows its own error message instead). */
export const chatMessages = {
  unknownDeployment: 'No deployment has this key.',
  notDeployed: 'This deployment has not been deployed yet.',
  originRefused: 'This origin is not allowed to use this deployment.',
  noChannel: 'No active web channel of this deployment has this key.',
  notSynced: 'Sync the project before testing it.',
  noReportingId: 'No content item of this project has this reporting id.',
  tooManyQueries: (seconds: number) => `Too many questions: try again in ${seconds} second(s).`,
} as const;
