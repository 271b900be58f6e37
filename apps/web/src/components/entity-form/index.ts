export { EntityForm, FormError, SavedMark, SubmitButton } from './entity-form';
export { ModalEntityForm } from './modal-entity-form';
export { CreateNameDescriptionForm, NameDescriptionFields } from './name-description-form';
export { useModalEntityForm } from './use-modal-entity-form';
export { useEntityForm } from './use-entity-form';
export { isChanged, submitBlockedReason } from './form-state';
