import { useState } from 'react';
import { Button, Center, Group, Loader, Select, Stack, Text } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { ErrorView } from '@/components/error-view';
import { FormError } from '@/components/entity-form';
import { FormModalButton } from '@/components/form-modal-button';
import { projectPaths } from '@/config/paths';
import { useStartTestRun } from '@/lib/api/start-test-run';
import { NEWEST_VERSIONS, useVersions } from '@/lib/api/version';
import { versionChoices } from '@/lib/version-choices';

function RunTestsForm({ projectId, onClose }: { projectId: string; onClose: () => void }) {
  const versions = useVersions(projectId, NEWEST_VERSIONS);
  const start = useStartTestRun(projectId);
  const navigate = useNavigate();
  const [chosen, setChosen] = useState<string | null>(null);

  if (versions.isPending) {
    return (
      <Center py="md">
        <Loader size="sm" aria-label="Loading versions" />
      </Center>
    );
  }
  if (versions.isError) return <ErrorView error={versions.error} title="The versions could not be loaded" />;
  const choices = versionChoices(versions.data.records);
  const version = chosen ?? choices[0]?.value ?? null;

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (version === null) return;
        start.mutate(Number(version), { onSuccess: (run) => void navigate(projectPaths.testRun.to(projectId, run.id)) });
      }}
    >
      <Stack gap="sm">
        {version === null ? (
          <Text size="sm">The project has no version yet: Sync makes the first, and runs the tests against it.</Text>
        ) : (
          <Select
            label="Version"
            description="Every test case is answered by this version, as the chat API would answer it."
            data={choices}
            value={version}
            onChange={setChosen}
            allowDeselect={false}
            data-autofocus
          />
        )}
        <FormError error={start.error} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={version === null} loading={start.isPending}>
            Run
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** 'Run tests': the project's cases against a chosen version (the newest first offered), in the background; opens the run. */
export function RunTestsButton({ projectId }: { projectId: string }) {
  return (
    <FormModalButton label="Run tests" title="Run Tests" icon={<IconPlayerPlay size={16} />}>
      {(close) => <RunTestsForm projectId={projectId} onClose={close} />}
    </FormModalButton>
  );
}
