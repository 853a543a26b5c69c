/* The entry points of optional features the device does not report (pipes, SVM, IL programs,
   subgroups, device-side enqueue): each checks its handle and returns the error the
   specification names for an unsupported feature, so applications that probe for them get an answer
   instead of a missing symbol. */
#include "ocl.h"

#include <stddef.h>

#define OCL_UNUSED(x) (void)(x)

static cl_int ocl_context_or(cl_context c, cl_int err)
{
    ocl_lock();
    int ok = ocl_valid(c, OCL_CONTEXT);
    ocl_unlock();
    return ok ? err : CL_INVALID_CONTEXT;
}

static cl_int ocl_queue_or(cl_command_queue q, cl_int err)
{
    ocl_lock();
    int ok = ocl_valid(q, OCL_QUEUE);
    ocl_unlock();
    return ok ? err : CL_INVALID_COMMAND_QUEUE;
}

static cl_mem ocl_no_mem(cl_context c, cl_int *errcode_ret)
{
    if (errcode_ret) /* "no devices in context support pipes" */
        *errcode_ret = ocl_context_or(c, CL_INVALID_OPERATION);
    return NULL;
}

/* ---------- pipes ---------- */

CL_API_ENTRY cl_mem CL_API_CALL clCreatePipe(cl_context context, cl_mem_flags flags, cl_uint pipe_packet_size,
                                             cl_uint pipe_max_packets, const cl_pipe_properties *properties,
                                             cl_int *errcode_ret)
{
    OCL_UNUSED(flags), OCL_UNUSED(pipe_packet_size), OCL_UNUSED(pipe_max_packets), OCL_UNUSED(properties);
    return ocl_no_mem(context, errcode_ret);
}

CL_API_ENTRY cl_int CL_API_CALL clGetPipeInfo(cl_mem pipe, cl_pipe_info param_name, size_t param_value_size,
                                              void *param_value, size_t *param_value_size_ret)
{
    OCL_UNUSED(pipe), OCL_UNUSED(param_name), OCL_UNUSED(param_value_size), OCL_UNUSED(param_value);
    OCL_UNUSED(param_value_size_ret);
    return CL_INVALID_MEM_OBJECT; /* no memory object is a pipe */
}

/* ---------- shared virtual memory (CL_DEVICE_SVM_CAPABILITIES is 0) ---------- */

CL_API_ENTRY void *CL_API_CALL clSVMAlloc(cl_context context, cl_svm_mem_flags flags, size_t size,
                                          cl_uint alignment)
{
    OCL_UNUSED(context), OCL_UNUSED(flags), OCL_UNUSED(size), OCL_UNUSED(alignment);
    return NULL;
}

CL_API_ENTRY void CL_API_CALL clSVMFree(cl_context context, void *svm_pointer)
{
    OCL_UNUSED(context), OCL_UNUSED(svm_pointer);
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueSVMFree(cl_command_queue q, cl_uint num_svm_pointers, void *svm_pointers[],
                                                 void(CL_CALLBACK *pfn_free_func)(cl_command_queue, cl_uint, void *[],
                                                                                  void *),
                                                 void *user_data, cl_uint n, const cl_event *wait, cl_event *event)
{
    OCL_UNUSED(num_svm_pointers), OCL_UNUSED(svm_pointers), OCL_UNUSED(pfn_free_func), OCL_UNUSED(user_data);
    OCL_UNUSED(n), OCL_UNUSED(wait), OCL_UNUSED(event);
    return ocl_queue_or(q, CL_INVALID_OPERATION);
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueSVMMemcpy(cl_command_queue q, cl_bool blocking, void *dst, const void *src,
                                                   size_t size, cl_uint n, const cl_event *wait, cl_event *event)
{
    OCL_UNUSED(blocking), OCL_UNUSED(dst), OCL_UNUSED(src), OCL_UNUSED(size), OCL_UNUSED(n), OCL_UNUSED(wait);
    OCL_UNUSED(event);
    return ocl_queue_or(q, CL_INVALID_OPERATION);
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueSVMMemFill(cl_command_queue q, void *svm_ptr, const void *pattern,
                                                    size_t pattern_size, size_t size, cl_uint n, const cl_event *wait,
                                                    cl_event *event)
{
    OCL_UNUSED(svm_ptr), OCL_UNUSED(pattern), OCL_UNUSED(pattern_size), OCL_UNUSED(size), OCL_UNUSED(n);
    OCL_UNUSED(wait), OCL_UNUSED(event);
    return ocl_queue_or(q, CL_INVALID_OPERATION);
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueSVMMap(cl_command_queue q, cl_bool blocking, cl_map_flags flags,
                                                void *svm_ptr, size_t size, cl_uint n, const cl_event *wait,
                                                cl_event *event)
{
    OCL_UNUSED(blocking), OCL_UNUSED(flags), OCL_UNUSED(svm_ptr), OCL_UNUSED(size), OCL_UNUSED(n);
    OCL_UNUSED(wait), OCL_UNUSED(event);
    return ocl_queue_or(q, CL_INVALID_OPERATION);
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueSVMUnmap(cl_command_queue q, void *svm_ptr, cl_uint n, const cl_event *wait,
                                                  cl_event *event)
{
    OCL_UNUSED(svm_ptr), OCL_UNUSED(n), OCL_UNUSED(wait), OCL_UNUSED(event);
    return ocl_queue_or(q, CL_INVALID_OPERATION);
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueSVMMigrateMem(cl_command_queue q, cl_uint num_svm_pointers,
                                                       const void **svm_pointers, const size_t *sizes,
                                                       cl_mem_migration_flags flags, cl_uint n, const cl_event *wait,
                                                       cl_event *event)
{
    OCL_UNUSED(num_svm_pointers), OCL_UNUSED(svm_pointers), OCL_UNUSED(sizes), OCL_UNUSED(flags), OCL_UNUSED(n);
    OCL_UNUSED(wait), OCL_UNUSED(event);
    return ocl_queue_or(q, CL_INVALID_OPERATION);
}

CL_API_ENTRY cl_int CL_API_CALL clSetKernelArgSVMPointer(cl_kernel kernel, cl_uint arg_index, const void *arg_value)
{
    OCL_UNUSED(kernel), OCL_UNUSED(arg_index), OCL_UNUSED(arg_value);
    return CL_INVALID_OPERATION;
}

CL_API_ENTRY cl_int CL_API_CALL clSetKernelExecInfo(cl_kernel kernel, cl_kernel_exec_info param_name,
                                                    size_t param_value_size, const void *param_value)
{
    OCL_UNUSED(kernel), OCL_UNUSED(param_name), OCL_UNUSED(param_value_size), OCL_UNUSED(param_value);
    return CL_INVALID_OPERATION; /* every exec info parameter is about SVM */
}

/* ---------- IL programs, subgroups, program callbacks ---------- */

CL_API_ENTRY cl_program CL_API_CALL clCreateProgramWithIL(cl_context context, const void *il, size_t length,
                                                          cl_int *errcode_ret)
{
    OCL_UNUSED(il), OCL_UNUSED(length);
    if (errcode_ret) /* CL_DEVICE_IL_VERSION is empty */
        *errcode_ret = ocl_context_or(context, CL_INVALID_OPERATION);
    return NULL;
}

CL_API_ENTRY cl_int CL_API_CALL clGetKernelSubGroupInfo(cl_kernel kernel, cl_device_id device,
                                                        cl_kernel_sub_group_info param_name, size_t input_value_size,
                                                        const void *input_value, size_t param_value_size,
                                                        void *param_value, size_t *param_value_size_ret)
{
    OCL_UNUSED(kernel), OCL_UNUSED(device), OCL_UNUSED(param_name), OCL_UNUSED(input_value_size);
    OCL_UNUSED(input_value), OCL_UNUSED(param_value_size), OCL_UNUSED(param_value), OCL_UNUSED(param_value_size_ret);
    return CL_INVALID_OPERATION; /* CL_DEVICE_MAX_NUM_SUB_GROUPS is 0 */
}

CL_API_ENTRY cl_int CL_API_CALL clSetProgramReleaseCallback(cl_program program,
                                                            void(CL_CALLBACK *pfn_notify)(cl_program, void *),
                                                            void *user_data)
{
    OCL_UNUSED(program), OCL_UNUSED(pfn_notify), OCL_UNUSED(user_data);
    return CL_INVALID_OPERATION; /* CL_PROGRAM_SCOPE_GLOBAL_CTORS/DTORS_PRESENT are false */
}

CL_API_ENTRY cl_int CL_API_CALL clSetProgramSpecializationConstant(cl_program program, cl_uint spec_id,
                                                                   size_t spec_size, const void *spec_value)
{
    OCL_UNUSED(program), OCL_UNUSED(spec_id), OCL_UNUSED(spec_size), OCL_UNUSED(spec_value);
    return CL_INVALID_OPERATION; /* no IL programs */
}
