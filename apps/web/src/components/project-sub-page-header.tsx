import type { ReactNode } from 'react';
import { Anchor, Breadcrumbs } from '@mantine/core';
import { Link } from 'react-router';
import { PageTitle } from '@/components/page-title';

/** A project page below another (a detail below its list): a link back up, the title and its buttons. */
export function ProjectSubPageHeader({
  parent,
  title,
  children,
}: {
  parent: { label: string; to: string };
  title: string;
  children?: ReactNode;
}) {
  return (
    <>
      <Breadcrumbs mb="xs" fz="sm">
        <Anchor component={Link} to={parent.to}>
          {parent.label}
        </Anchor>
      </Breadcrumbs>
      <PageTitle title={title}>{children}</PageTitle>
    </>
  );
}
