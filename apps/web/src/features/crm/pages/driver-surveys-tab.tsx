import { useQuery } from '@tanstack/react-query';
import type { DriverTabProps } from '../../../components/driver-tabs/driver-tabs';
import { answersQuery } from '../api/surveys';
import { PersonAnswers } from '../components/person-answers';
import '../i18n';
import '../crm.css';

/** The driver page's surveys tab: the surveys the driver answered (its own chunk, loaded when opened). */
export default function DriverSurveysTab({ driverId }: DriverTabProps) {
  const answers = useQuery(answersQuery({ driverId }));
  return (
    <div data-testid="driver-surveys">
      <PersonAnswers query={answers} />
    </div>
  );
}
