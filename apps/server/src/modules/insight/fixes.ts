import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  INSIGHT_FIX_MAX_QUESTIONS,
  insightMessages,
  jargonSchema,
  projectSettingsFields,
  type fixBody,
  type FixKind,
  type Jargon,
} from '@console/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { contents, contentUtterances, insightFixes, insightQuestions as q, insightTopics, projects, testCases, type UserRow } from '../../db/schema/index';
import { demand, type ProjectAccess } from '../../platform/access';
import { AppError } from '../../platform/errors';
import { insertContent, touchContent } from '../content/service';
import { expectationColumns } from '../suite/service';
import { topicOf } from './topic';

type FixInput = z.output<typeof fixBody>;
type Expectation = { type: 'content'; content_id: string } | { type: 'out_of_scope' } | { type: 'answered' };

/** What one fix did: in words, the item it points at, and what the answers should now be. */
interface Applied {
  summary: string;
  contentId: string | null;
  expect: Expectation | null;
}

/** The texts a fix takes: the chosen questions of the topic, or all its questions, distinct, newest first. */
async function questionsOf(db: Db, topicId: string, answerIds: string[] | undefined): Promise<string[]> {
  const rows = await db
    .select({ utterance: q.utterance })
    .from(q)
    .where(and(eq(q.topicId, topicId), answerIds ? inArray(q.answerId, answerIds) : undefined))
    .groupBy(q.utterance)
    .orderBy(desc(sql`max(${q.askedAt})`))
    .limit(INSIGHT_FIX_MAX_QUESTIONS);
  // The same question in other words of case and space is one utterance (the utterances' own rule).
  const seen = new Set<string>();
  const texts = rows.map((row) => row.utterance.trim()).filter((text) => text && !seen.has(text.toLowerCase()) && seen.add(text.toLowerCase()));
  if (!texts.length) throw AppError.badRequest(insightMessages.noQuestions);
  return texts;
}

/** The item a fix names, held until the fix commits; gone (deleted meanwhile): 409. */
async function heldItem(tx: Db, projectId: string, contentId: string): Promise<{ id: string; subject: string }> {
  const [item] = await tx
    .select({ id: contents.id, subject: contents.subject })
    .from(contents)
    .where(and(eq(contents.id, contentId), eq(contents.projectId, projectId)))
    .for('update');
  if (!item) throw AppError.conflict(insightMessages.itemGone);
  return item;
}

/** Adds the texts as the item's utterances; those it already has (the unique index) are left. How many were added. */
async function addUtterances(tx: Db, contentId: string, texts: string[], now: Date): Promise<number> {
  const added = await tx
    .insert(contentUtterances)
    .values(texts.map((text) => ({ contentId, text: text.slice(0, 1024), createdAt: now, updatedAt: now })))
    .onConflictDoNothing()
    .returning({ id: contentUtterances.id });
  await touchContent(tx, contentId, now);
  return added.length;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The project's row, held for a change of its settings or jargon. */
async function heldProject(tx: Db, projectId: string) {
  const [project] = await tx.select({ jargon: projects.jargon, pipelineConfig: projects.pipelineConfig }).from(projects).where(eq(projects.id, projectId)).for('update');
  if (!project) throw AppError.notFound();
  return project;
}

async function apply(tx: Db, projectId: string, topicId: string, input: FixInput, user: UserRow, now: Date): Promise<Applied & { questions: string[] }> {
  switch (input.kind) {
    case 'add_utterances': {
      const questions = await questionsOf(tx, topicId, input.answer_ids);
      const item = await heldItem(tx, projectId, input.content_id);
      const added = await addUtterances(tx, item.id, questions, now);
      const already = questions.length - added;
      return {
        questions,
        summary: `${plural(added, 'utterance')} added to '${item.subject}'${already ? ` (${already} it already had)` : ''}`,
        contentId: item.id,
        expect: { type: 'content', content_id: item.id },
      };
    }
    case 'new_content': {
      const questions = await questionsOf(tx, topicId, input.answer_ids);
      const item = await insertContent(tx, projectId, { subject: input.subject, sourceId: null }, now);
      await addUtterances(tx, item.id, questions, now);
      return {
        questions,
        summary: `New content item '${item.subject}' with ${plural(questions.length, 'utterance')}`,
        contentId: item.id,
        expect: { type: 'content', content_id: item.id },
      };
    }
    case 'jargon': {
      const project = await heldProject(tx, projectId);
      const keyword = input.keyword.toLowerCase();
      const existing = project.jargon.mappings.find((mapping) => mapping.keyword.trim().toLowerCase() === keyword);
      const mappings: Jargon['mappings'] = existing
        ? project.jargon.mappings.map((mapping) => (mapping === existing ? { ...mapping, terms: [...mapping.terms, ...input.terms.filter((term) => !mapping.terms.some((known) => known.trim().toLowerCase() === term.toLowerCase()))] } : mapping))
        : [...project.jargon.mappings, { keyword: input.keyword, terms: input.terms }];
      const checked = jargonSchema.safeParse({ mappings });
      if (!checked.success) throw AppError.badRequest(checked.error.issues[0]!.message);
      await tx.update(projects).set({ jargon: checked.data, updatedAt: now }).where(eq(projects.id, projectId));
      return {
        questions: await questionsOf(tx, topicId, undefined),
        summary: `Jargon mapping: ${input.terms.map((term) => `'${term}'`).join(', ')} read as '${input.keyword}'`,
        contentId: null,
        expect: { type: 'answered' },
      };
    }
    case 'out_of_scope': {
      const questions = await questionsOf(tx, topicId, input.answer_ids);
      const project = await heldProject(tx, projectId);
      const known = Array.isArray(project.pipelineConfig.out_of_scope_examples) ? project.pipelineConfig.out_of_scope_examples.filter((example): example is string => typeof example === 'string') : [];
      const seen = new Set(known.map((example) => example.trim().toLowerCase()));
      const added = questions.filter((question) => !seen.has(question.toLowerCase()));
      const config = projectSettingsFields.pipeline_config.safeParse({ ...project.pipelineConfig, out_of_scope_examples: [...known, ...added] });
      if (!config.success) throw AppError.badRequest(config.error.issues[0]!.message);
      await tx.update(projects).set({ pipelineConfig: config.data, updatedAt: now }).where(eq(projects.id, projectId));
      return { questions, summary: `${plural(added.length, 'question')} added to the out-of-scope examples`, contentId: null, expect: { type: 'out_of_scope' } };
    }
    case 'test_cases': {
      const questions = await questionsOf(tx, topicId, input.answer_ids);
      const item = input.expect.type === 'content' ? await heldItem(tx, projectId, input.expect.content_id) : null;
      const expect = item ? ({ type: 'content', content_id: item.id } as const) : ({ type: 'out_of_scope' } as const);
      await tx.insert(testCases).values(questions.map((question) => ({ projectId, question, context: [], mustContain: '', ...expectationColumns(expect), createdAt: now, updatedAt: now })));
      return {
        questions,
        summary: `${plural(questions.length, 'test case')} expecting ${item ? `'${item.subject}'` : 'out of scope'}`,
        contentId: item?.id ?? null,
        expect,
      };
    }
    case 'dismiss': {
      await tx.update(insightTopics).set({ dismissedAt: now, dismissedBy: user.id, updatedAt: now }).where(eq(insightTopics.id, topicId));
      return { questions: [], summary: 'Dismissed until new questions join it', contentId: null, expect: null };
    }
  }
}

/**
 * One fix of a topic, in one transaction with its record: the change (utterances, a new item, a
 * jargon mapping, out-of-scope examples, test cases, a dismissal) and the fix that says who made it,
 * when and what, so a fix never happens unrecorded or half. Two people fixing one topic at once both
 * get their fix recorded; utterances an item already has are left (its unique index).
 */
export async function applyFix(ctx: AppContext, user: UserRow, access: ProjectAccess, topicId: string, input: FixInput): Promise<string> {
  const { project } = access;
  if (input.kind === 'new_content') demand(access.permissions.canCreateSubProject);
  const topic = await topicOf(ctx.db, project.id, topicId);
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const applied = await apply(tx, project.id, topic.id, input, user, now);
    const [fix] = await tx
      .insert(insightFixes)
      .values({
        topicId: topic.id,
        projectId: project.id,
        kind: input.kind satisfies FixKind,
        summary: applied.summary,
        contentId: applied.contentId,
        expect: applied.expect,
        questions: applied.questions,
        createdBy: user.id,
        checkStatus: applied.expect ? 'waiting_for_sync' : null,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: insightFixes.id });
    return fix!.id;
  });
}
