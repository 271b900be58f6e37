export { TestCaseForm } from './test-case-form';
export { testCaseFormValues, type TestCaseFormValues } from './test-case-values';
export { ContentPicker } from './content-picker';
