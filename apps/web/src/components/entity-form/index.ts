export { EntityForm, FormError, SavedMark, SubmitButton } from './entity-form';
export { ModalEntityForm } from './modal-entity-form';
export { CreateNameDescriptionForm, NameDescriptionFields } from './name-description-form';
export { useModalEntityForm } from './use-modal-entity-form';
export { useEntityForm, DEFAULT_SAVED_TEXT, type UseEntityFormOptions } from './use-entity-form';
export { fieldErrors, isChanged } from './form-state';
