export { RichTextEditor } from './rich-text-editor';
export { QuickReplyForm } from './quick-reply-form';
