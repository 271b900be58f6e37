import { notifications } from '@mantine/notifications';
import { fixBody, fixKindLabels, type Fix, type FixBody } from '@console/contracts';
import { useEntityForm } from '@/components/entity-form';
import { useFixTopic } from '../api/fix-topic';

interface UseFixFormOptions<V extends Record<string, unknown>> {
  projectId: string;
  topicId: string;
  initialValues: V;
  /** The fix's body from the form's values (and the questions chosen): validated with the contracts' fixBody. */
  toBody: (values: V) => FixBody;
  /** After the fix is recorded (the topic is read again meanwhile). */
  onFixed: (fix: Fix) => void;
}

/**
 * A fix's form: checked with the contracts' fixBody as it changes, sent as is (a suggested item
 * already chosen is a fix in one click), then announced with the fix's summary. A failure (the
 * item deleted meanwhile: 409) stays in the form.
 */
export function useFixForm<V extends Record<string, unknown>>({ projectId, topicId, initialValues, toBody, onFixed }: UseFixFormOptions<V>) {
  const fix = useFixTopic(projectId, topicId);
  return useEntityForm({
    schema: fixBody,
    initialValues,
    toInput: toBody,
    requireChange: false,
    savedText: null,
    onSubmit: async (body) => {
      const answer = await fix.mutateAsync(body);
      notifications.show({ color: 'green', title: fixKindLabels[answer.fix.kind], message: answer.fix.summary });
      onFixed(answer.fix);
    },
  });
}
