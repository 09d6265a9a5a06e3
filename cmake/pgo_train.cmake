# Runs the trainer of the profile-guided build (see CASSETETE_PGO in the top CMakeLists.txt).
#   cmake -DTRAINER=<trainer> -DWORKLOAD=<workload file> -DPLACEMENTS=<n> -DPROFILE=<its profile> -P pgo_train.cmake
# A profile left by an earlier run would be added to, not replaced: it is removed first.
file(REMOVE "${PROFILE}")
execute_process(COMMAND "${TRAINER}" "${WORKLOAD}" "${PLACEMENTS}" RESULT_VARIABLE failed)
if(failed)
  message(FATAL_ERROR "the training run of the profile-guided build failed: ${failed}")
endif()
if(NOT EXISTS "${PROFILE}")
  message(FATAL_ERROR "the training run left no profile at ${PROFILE}")
endif()
