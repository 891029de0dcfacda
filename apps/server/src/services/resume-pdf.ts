import {
  type EducationEntry,
  EXPERIENCE_KIND_LABELS,
  type ExperienceEntry,
  GRADE_SCALE_LABELS,
  OFFER_KIND_LABELS,
  OFFER_STATUS_LABELS,
  OTHER_KIND_LABELS,
  type OtherEntry,
  type PlacementEntry,
  type ProjectEntry,
  SKILL_LEVEL_LABELS,
  type SkillEntry,
} from '@placely/contract';
import PDFDocument from 'pdfkit';

export interface ResumeData {
  name: string;
  headline: string | null;
  about: string | null;
  contact: Array<string | null>;
  education: EducationEntry[];
  experience: ExperienceEntry[];
  projects: ProjectEntry[];
  skills: SkillEntry[];
  others: OtherEntry[];
  placements: PlacementEntry[];
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const month = (value: string | null) => {
  if (!value) return '';
  const [year, number] = value.split('-');
  return `${MONTHS[Number(number) - 1] ?? ''} ${year}`.trim();
};
const range = (start: string | null, end: string | null, current: boolean) => {
  const from = month(start);
  const to = current ? 'Present' : month(end);
  return from && to ? `${from} – ${to}` : from || to;
};
const join = (...parts: Array<string | null | undefined>) => parts.filter(Boolean).join('  ·  ');

const INK = '#1c2430';
const MUTED = '#5b6472';
const ACCENT = '#1867C0';

/**
 * A clean one-column resume from the profile. Text flows onto as many A4 pages as it needs (long profiles are not
 * cut off), entries are not split from their heading, and every page carries "name — page n of m".
 * Uses PDF's built-in Helvetica, which covers Latin scripts.
 */
export function renderResumePdf(data: ResumeData): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: 56, bottom: 64, left: 56, right: 56 },
    bufferPages: true,
    info: { Title: `${data.name} — Resume`, Author: data.name, Creator: 'Placely' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;

  /** Keeps a heading with the start of what follows: a new page if less than `needed` points remain. */
  const keep = (needed: number) => {
    if (doc.y + needed > doc.page.height - doc.page.margins.bottom) doc.addPage();
  };

  doc.font('Helvetica-Bold').fontSize(22).fillColor(INK).text(data.name, { width });
  if (data.headline) doc.font('Helvetica').fontSize(12).fillColor(MUTED).text(data.headline, { width });
  const contact = join(...data.contact);
  if (contact) doc.moveDown(0.3).font('Helvetica').fontSize(9.5).fillColor(MUTED).text(contact, { width });
  if (data.about)
    doc.moveDown(0.8).font('Helvetica').fontSize(10).fillColor(INK).text(data.about, { width, align: 'left' });

  const section = (title: string, items: Array<() => void>) => {
    if (items.length === 0) return;
    doc.moveDown(1);
    keep(60);
    doc
      .font('Helvetica-Bold')
      .fontSize(12.5)
      .fillColor(ACCENT)
      .text(title.toUpperCase(), { width, characterSpacing: 0.8 });
    const y = doc.y + 2;
    doc
      .moveTo(doc.page.margins.left, y)
      .lineTo(doc.page.margins.left + width, y)
      .lineWidth(0.6)
      .strokeColor(ACCENT)
      .stroke();
    doc.moveDown(0.5);
    for (const item of items) {
      keep(42);
      item();
      doc.moveDown(0.6);
    }
  };
  const entry = (title: string, meta: string, body?: string | null) => () => {
    doc.font('Helvetica-Bold').fontSize(10.5).fillColor(INK).text(title, { width });
    if (meta) doc.font('Helvetica').fontSize(9).fillColor(MUTED).text(meta, { width });
    if (body) doc.moveDown(0.2).font('Helvetica').fontSize(9.5).fillColor(INK).text(body, { width });
  };

  section(
    'Experience',
    data.experience.map((item) =>
      entry(
        `${item.title}, ${item.organization}`,
        join(EXPERIENCE_KIND_LABELS[item.kind], range(item.startMonth, item.endMonth, item.isCurrent), item.location),
        item.description,
      ),
    ),
  );
  section(
    'Education',
    data.education.map((item) =>
      entry(
        item.institutionName,
        join(
          item.degree,
          item.fieldOfStudy,
          range(item.startMonth, item.endMonth, item.isCurrent),
          item.grade !== null && item.gradeScale ? `${GRADE_SCALE_LABELS[item.gradeScale]}: ${item.grade}` : null,
        ),
      ),
    ),
  );
  section(
    'Projects',
    data.projects.map((item) =>
      entry(
        item.title,
        join(item.role, range(item.startMonth, item.endMonth, item.isCurrent), item.technologies.join(', '), item.link),
        item.description,
      ),
    ),
  );
  if (data.skills.length > 0) {
    section('Skills', [
      () =>
        doc
          .font('Helvetica')
          .fontSize(10)
          .fillColor(INK)
          .text(data.skills.map((skill) => `${skill.name} (${SKILL_LEVEL_LABELS[skill.level]})`).join(',  '), {
            width,
          }),
    ]);
  }
  section(
    'Certifications and more',
    data.others.map((item) =>
      entry(item.title, join(OTHER_KIND_LABELS[item.kind], item.issuer, month(item.month)), item.description),
    ),
  );
  section(
    'Placements',
    data.placements.map((item) =>
      entry(
        `${item.role}, ${item.organization}`,
        join(OFFER_KIND_LABELS[item.offerKind], OFFER_STATUS_LABELS[item.status], month(item.month)),
      ),
    ),
  );

  const pages = doc.bufferedPageRange();
  for (let index = 0; index < pages.count; index += 1) {
    doc.switchToPage(pages.start + index);
    const bottom = doc.page.height - doc.page.margins.bottom + 24;
    // Writing inside the bottom margin would start a new page; the footer belongs to this one.
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor(MUTED)
      .text(`${data.name} — page ${index + 1} of ${pages.count}`, doc.page.margins.left, bottom, {
        width,
        align: 'right',
        lineBreak: false,
      });
    doc.page.margins.bottom = margin;
  }
  doc.end();
  return finished;
}
