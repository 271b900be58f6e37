import { useEffect, type ReactNode } from 'react';
import { Anchor, Box, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { Logo } from '@/components/logo';
import { paths } from '@/config/paths';
import { useAbout } from '../api/get-about';

export type LoginStep = 'password' | 'forgot' | 'reset' | 'invite' | 'mfa' | 'contact';

interface LoginLayoutProps {
  step: LoginStep;
  heading: string;
  /** The e-mail typed so far, carried over to the other steps' links. */
  email: string;
  children: ReactNode;
}

/** The frame shared by every sign-in step: logo, heading, the step's form and the links between steps. */
export function LoginLayout({ step, heading, email, children }: LoginLayoutProps) {
  const about = useAbout();
  const carried = email.trim() || null;

  useEffect(() => {
    document.title = `${heading} - Assistant Console`;
  }, [heading]);

  const links: { step: LoginStep; label: string; to: string }[] = [
    { step: 'forgot', label: 'Forgot password', to: paths.login.forgot.to(carried) },
    { step: 'password', label: 'Password', to: paths.login.password.to(carried) },
    { step: 'reset', label: 'Reset Code', to: paths.login.reset.to(carried) },
    { step: 'invite', label: 'Invite Code', to: paths.login.invite.to(carried) },
    { step: 'mfa', label: 'MFA Token', to: paths.login.mfa.to(carried) },
    // Signed out, so a form of the sign-in screens: the support page needs a session.
    { step: 'contact', label: 'Contact Us', to: paths.login.contact.to(carried) },
  ];

  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Box w="100%" maw={420}>
        <Stack gap="lg">
          <Center>
            <Logo size={32} />
          </Center>
          <Paper withBorder shadow="sm" p="xl" radius="md" component="main">
            <Stack gap="md">
              <Title order={1} size="h3">
                {heading}
              </Title>
              {children}
            </Stack>
          </Paper>
          <Group component="nav" aria-label="Sign-in options" justify="center" gap="md">
            {links.map((link) => (
              <Anchor
                key={link.step}
                component={Link}
                to={link.to}
                size="sm"
                aria-current={link.step === step ? 'page' : undefined}
                fw={link.step === step ? 600 : undefined}
              >
                {link.label}
              </Anchor>
            ))}
          </Group>
          {about.data && (
            <Text size="xs" c="dimmed" ta="center">
              Version {about.data.version}
            </Text>
          )}
        </Stack>
      </Box>
    </Center>
  );
}
