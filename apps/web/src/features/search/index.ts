export { PeopleSearch } from './components/people-search';
export { searchKeys, searchUsers } from './api/search-users';
