import { PipelinesList } from '../../features/openings/components/PipelinesList';
import { OpeningShortlists } from '../../features/shortlists/components/OpeningShortlists';

/** The organization's openings as pipelines, each with its shortlists (/shortlisting signed in; issue 40 defect 12). */
export default function OrganizationPipelines() {
  return <PipelinesList renderExtra={(openingId) => <OpeningShortlists openingId={openingId} />} />;
}
