// What other modules may embed from users: the SQL that selects people and their private fields as
// a viewer may read them (users.sql.ts).
export {
  emailAsSeenBySql,
  listedPersonFieldSql,
  personFieldForViewerSql,
  personFieldsForViewerOnce,
  personFieldSql,
  personFieldVisibleSql,
  userSummaryColumns,
  userSummaryColumnsFor,
  userSummaryColumnsForViewer,
  userSummaryColumnsOfListed,
  userSummaryFromSql,
  userSummarySqlColumns,
  type UsersTable,
  type UserSummarySqlRow,
} from './users.sql';
