import { useLocation, useNavigate, useParams } from 'react-router';
import { DepartmentTree } from '../components/department-tree';
import { EmployeeList } from '../components/employee-list';
import '../i18n';
import './organisation.css';

/**
 * `/oa/depart/:type?`: the department tree and the employees of the selected department (`:type` is its id).
 * Choosing another department keeps the list's filters and starts again at its first page.
 */
export default function AddressBookPage() {
  const { type } = useParams();
  const { search } = useLocation();
  const navigate = useNavigate();
  const selected = type && /^\d+$/.test(type) ? Number(type) : null;
  const select = (id: number | null) => {
    const query = new URLSearchParams(search);
    query.delete('pageNum');
    const qs = query.toString();
    void navigate(`${id === null ? '/oa/depart' : `/oa/depart/${id}`}${qs ? `?${qs}` : ''}`);
  };
  return (
    <div className="fd-address-book">
      <DepartmentTree selected={selected} onSelect={select} />
      <div className="fd-address-book-main">
        <EmployeeList key={selected ?? 'all'} departmentId={selected} />
      </div>
    </div>
  );
}
