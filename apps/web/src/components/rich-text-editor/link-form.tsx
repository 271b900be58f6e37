import { useId } from 'react';
import { Button, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { IconLinkOff } from '@tabler/icons-react';
import { z } from 'zod';
import { LINK_TARGETS, LINK_TARGET_LABELS, linkUrlSchema, text, type LinkTarget } from '@console/contracts';
import { EntityForm, useModalEntityForm } from '@/components/entity-form';

const linkSchema = z.object({
  href: linkUrlSchema,
  target: z.enum(LINK_TARGETS),
  text: text('Text', 0, 1024),
});
export type LinkValues = z.infer<typeof linkSchema>;

/**
 * The link dialog's form: URL required (http, https or mailto), target Same Tab or
 * New Tab, and the text to show when nothing is selected. An existing link can be removed.
 */
export function LinkForm({
  initial,
  askText,
  onApply,
  onRemove,
  onClose,
}: {
  initial: { href: string; target: LinkTarget };
  /** Whether the link needs its own text (nothing selected to turn into a link). */
  askText: boolean;
  onApply: (link: LinkValues) => void;
  /** Present when editing an existing link. */
  onRemove?: () => void;
  onClose: () => void;
}) {
  const targetLabelId = useId();
  const form = useModalEntityForm({
    schema: linkSchema,
    initialValues: { ...initial, text: '' } as LinkValues & Record<string, unknown>,
    // Applying the link as it stands is a valid choice when editing one.
    requireChange: false,
    onSubmit: async (link) => onApply(link),
    onDone: onClose,
  });

  return (
    <EntityForm
      form={form}
      submitLabel="Apply"
      actions={
        <>
          {onRemove && (
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconLinkOff size={16} />}
              onClick={() => {
                onRemove();
                onClose();
              }}
            >
              Remove Link
            </Button>
          )}
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
        </>
      }
    >
      <TextInput label="URL" placeholder="https://" autoComplete="off" data-autofocus {...form.textProps('href')} />
      <Stack gap={4}>
        <Text size="sm" fw={500} id={targetLabelId}>
          Target
        </Text>
        <SegmentedControl
          aria-labelledby={targetLabelId}
          data={LINK_TARGETS.map((value) => ({ value, label: LINK_TARGET_LABELS[value] }))}
          value={form.values.target}
          onChange={(value) => form.setField('target', value as LinkTarget)}
        />
      </Stack>
      {askText && (
        <TextInput
          label="Text"
          description="Shown instead of the URL; leave empty to show the URL."
          autoComplete="off"
          {...form.textProps('text')}
        />
      )}
    </EntityForm>
  );
}
