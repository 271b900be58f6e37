export { RichTextEditor, type RichTextEditorProps } from './rich-text-editor';
export { QuickReplyForm } from './quick-reply-form';
