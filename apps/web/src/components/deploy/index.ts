export { DeployConfirmForm, type DeployReasons } from './deploy-confirm-form';
export { DeployDialog, DialogLoader } from './deploy-dialog';
export { DeployPreviewView, versionName } from './deploy-preview';
export { ReasonInput } from './reason-input';
