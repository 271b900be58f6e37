export { EntityForm, FormError, SavedMark, SubmitButton } from './entity-form';
export { useEntityForm, DEFAULT_SAVED_TEXT, type UseEntityFormOptions } from './use-entity-form';
export { fieldErrors, isChanged } from './form-state';
