/* Contexts, command queues, events and the command engine. Commands run on the thread that enqueues
   them, as soon as the events they wait for are complete (an in-order queue runs them in order; an
   out-of-order queue is accepted and run in order too). A command held back by an incomplete user
   event runs when another thread completes it; blocking calls wait on the platform lock's condition. */
#include "ocl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static cl_command_queue ocl_live_queues; /* every queue with commands or references, for progress */

/* ---------- contexts ---------- */

static cl_int ocl_check_context_props(const cl_context_properties *props, size_t *n)
{
    *n = 0;
    if (!props)
        return CL_SUCCESS;
    int seen_platform = 0, seen_sync = 0;
    size_t i = 0;
    for (; props[i]; i += 2) {
        if (i >= 6)
            return CL_INVALID_PROPERTY;
        if (props[i] == CL_CONTEXT_PLATFORM) {
            if (seen_platform++)
                return CL_INVALID_PROPERTY;
            if ((cl_platform_id)props[i + 1] != &ocl_the_platform)
                return CL_INVALID_PLATFORM;
        } else if (props[i] == CL_CONTEXT_INTEROP_USER_SYNC) {
            if (seen_sync++)
                return CL_INVALID_PROPERTY;
        } else {
            return CL_INVALID_PROPERTY;
        }
    }
    *n = i + 1;
    return CL_SUCCESS;
}

static cl_context ocl_context_new(const cl_context_properties *properties,
                                  void(CL_CALLBACK *pfn_notify)(const char *, const void *, size_t, void *),
                                  void *user_data, cl_int *errcode_ret)
{
    size_t np;
    cl_int err = ocl_check_context_props(properties, &np);
    if (!err && !pfn_notify && user_data)
        err = CL_INVALID_VALUE;
    cl_context c = NULL;
    if (!err) {
        c = ocl_new(sizeof *c, OCL_CONTEXT);
        ws_options o;
        memset(&o, 0, sizeof o);
        if (c)
            c->dev = ws_device_create(&o);
        if (c && !c->dev) {
            ocl_delete(c);
            c = NULL;
        }
        if (!c)
            err = CL_OUT_OF_HOST_MEMORY;
    }
    if (c) {
        if (np)
            memcpy(c->props, properties, np * sizeof *properties);
        c->nprops = np;
        c->notify = pfn_notify;
        c->notify_user = user_data;
    }
    if (errcode_ret)
        *errcode_ret = err;
    return c;
}

CL_API_ENTRY cl_context CL_API_CALL clCreateContext(const cl_context_properties *properties, cl_uint num_devices,
                                                   const cl_device_id *devices,
                                                   void(CL_CALLBACK *pfn_notify)(const char *, const void *, size_t,
                                                                                 void *),
                                                   void *user_data, cl_int *errcode_ret)
{
    cl_int err = CL_SUCCESS;
    if (!devices || num_devices == 0)
        err = CL_INVALID_VALUE;
    for (cl_uint i = 0; !err && i < num_devices; i++)
        if (devices[i] != &ocl_the_device)
            err = CL_INVALID_DEVICE;
    if (err) {
        if (errcode_ret)
            *errcode_ret = err;
        return NULL;
    }
    ocl_lock();
    cl_context c = ocl_context_new(properties, pfn_notify, user_data, errcode_ret);
    ocl_unlock();
    return c;
}

CL_API_ENTRY cl_context CL_API_CALL clCreateContextFromType(const cl_context_properties *properties,
                                                           cl_device_type device_type,
                                                           void(CL_CALLBACK *pfn_notify)(const char *, const void *,
                                                                                         size_t, void *),
                                                           void *user_data, cl_int *errcode_ret)
{
    cl_uint n = 0;
    cl_int err = clGetDeviceIDs(NULL, device_type, 0, NULL, &n);
    if (err) {
        if (errcode_ret)
            *errcode_ret = err;
        return NULL;
    }
    ocl_lock();
    cl_context c = ocl_context_new(properties, pfn_notify, user_data, errcode_ret);
    ocl_unlock();
    return c;
}

void ocl_context_hold(cl_context c)
{
    c->irefs++;
}

static void ocl_context_free_if_unused(void *obj)
{
    cl_context c = obj;
    if (c->refs || c->irefs)
        return;
    for (ocl_callback *cb = c->destructors; cb;) { /* last registered first */
        ocl_callback *next = cb->next;
        ((void(CL_CALLBACK *)(cl_context, void *))cb->fn)(c, cb->user);
        free(cb);
        cb = next;
    }
    ws_device_destroy(c->dev);
    ocl_delete(c);
}

void ocl_context_drop(cl_context c)
{
    c->irefs--;
    ocl_context_free_if_unused(c);
}

CL_API_ENTRY cl_int CL_API_CALL clRetainContext(cl_context context)
{
    return ocl_retain(context, OCL_CONTEXT, CL_INVALID_CONTEXT);
}

CL_API_ENTRY cl_int CL_API_CALL clReleaseContext(cl_context context)
{
    return ocl_release(context, OCL_CONTEXT, CL_INVALID_CONTEXT, ocl_context_free_if_unused);
}

CL_API_ENTRY cl_int CL_API_CALL clGetContextInfo(cl_context context, cl_context_info param_name,
                                                 size_t param_value_size, void *param_value,
                                                 size_t *param_value_size_ret)
{
    ocl_lock();
    cl_int err = CL_INVALID_CONTEXT;
    if (ocl_valid(context, OCL_CONTEXT)) {
        size_t s = param_value_size;
        void *v = param_value;
        size_t *r = param_value_size_ret;
        cl_uint u;
        cl_device_id d = &ocl_the_device;
        switch (param_name) {
        case CL_CONTEXT_REFERENCE_COUNT: u = context->refs; err = ocl_info(&u, sizeof u, s, v, r); break;
        case CL_CONTEXT_NUM_DEVICES: u = 1; err = ocl_info(&u, sizeof u, s, v, r); break;
        case CL_CONTEXT_DEVICES: err = ocl_info(&d, sizeof d, s, v, r); break;
        case CL_CONTEXT_PROPERTIES:
            err = ocl_info(context->props, context->nprops * sizeof *context->props, s, v, r);
            break;
        default: err = CL_INVALID_VALUE;
        }
    }
    ocl_unlock();
    return err;
}

CL_API_ENTRY cl_int CL_API_CALL clSetContextDestructorCallback(cl_context context,
                                                               void(CL_CALLBACK *pfn_notify)(cl_context, void *),
                                                               void *user_data)
{
    return ocl_add_destructor(context, OCL_CONTEXT, CL_INVALID_CONTEXT, (void (*)(void))pfn_notify, user_data);
}

void ocl_context_report(cl_context c, const char *message)
{
    if (c->notify)
        c->notify(message, NULL, 0, c->notify_user);
}

/* ---------- command queues ---------- */

void ocl_queue_hold(cl_command_queue q)
{
    q->irefs++;
}

static void ocl_queue_free_if_unused(void *obj)
{
    cl_command_queue q = obj;
    if (q->refs || q->irefs || q->head)
        return;
    for (cl_command_queue *p = &ocl_live_queues; *p; p = &(*p)->next_live)
        if (*p == q) {
            *p = q->next_live;
            break;
        }
    cl_context c = q->ctx;
    ocl_delete(q);
    ocl_context_drop(c);
}

void ocl_queue_drop(cl_command_queue q)
{
    q->irefs--;
    ocl_queue_free_if_unused(q);
}

static cl_command_queue ocl_queue_new(cl_context context, cl_device_id device, cl_command_queue_properties props,
                                      const cl_queue_properties *list, size_t nlist, cl_int *errcode_ret)
{
    cl_int err = CL_SUCCESS;
    if (!ocl_valid(context, OCL_CONTEXT))
        err = CL_INVALID_CONTEXT;
    else if (device != &ocl_the_device)
        err = CL_INVALID_DEVICE;
    else if (props & ~(cl_command_queue_properties)(CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE | CL_QUEUE_PROFILING_ENABLE |
                                                   CL_QUEUE_ON_DEVICE | CL_QUEUE_ON_DEVICE_DEFAULT))
        err = CL_INVALID_VALUE;
    else if (props & (CL_QUEUE_ON_DEVICE | CL_QUEUE_ON_DEVICE_DEFAULT))
        err = (props & CL_QUEUE_ON_DEVICE_DEFAULT) && !(props & CL_QUEUE_ON_DEVICE) ? CL_INVALID_VALUE
                                                                                    : CL_INVALID_QUEUE_PROPERTIES;
    cl_command_queue q = err ? NULL : ocl_new(sizeof *q, OCL_QUEUE);
    if (!err && !q)
        err = CL_OUT_OF_HOST_MEMORY;
    if (q) {
        q->ctx = context;
        q->props = props;
        if (nlist)
            memcpy(q->prop_list, list, nlist * sizeof *list);
        q->nprop_list = nlist;
        ocl_context_hold(context);
        q->next_live = ocl_live_queues;
        ocl_live_queues = q;
    }
    if (errcode_ret)
        *errcode_ret = err;
    return q;
}

CL_API_ENTRY cl_command_queue CL_API_CALL clCreateCommandQueue(cl_context context, cl_device_id device,
                                                              cl_command_queue_properties properties,
                                                              cl_int *errcode_ret)
{
    ocl_lock();
    cl_command_queue q = ocl_queue_new(context, device, properties, NULL, 0, errcode_ret);
    ocl_unlock();
    return q;
}

CL_API_ENTRY cl_command_queue CL_API_CALL clCreateCommandQueueWithProperties(cl_context context, cl_device_id device,
                                                                            const cl_queue_properties *properties,
                                                                            cl_int *errcode_ret)
{
    cl_command_queue_properties props = 0;
    size_t n = 0;
    cl_int err = CL_SUCCESS;
    for (; properties && properties[n]; n += 2) {
        if (n >= 6) {
            err = CL_INVALID_VALUE;
            break;
        }
        if (properties[n] == CL_QUEUE_PROPERTIES)
            props = properties[n + 1];
        else if (properties[n] != CL_QUEUE_SIZE)
            err = CL_INVALID_VALUE;
        else if (!(props & CL_QUEUE_ON_DEVICE))
            err = CL_INVALID_VALUE; /* a size only for device queues */
    }
    if (err) {
        if (errcode_ret)
            *errcode_ret = err;
        return NULL;
    }
    ocl_lock();
    cl_command_queue q = ocl_queue_new(context, device, props, properties, properties ? n + 1 : 0, errcode_ret);
    ocl_unlock();
    return q;
}

CL_API_ENTRY cl_int CL_API_CALL clRetainCommandQueue(cl_command_queue q)
{
    return ocl_retain(q, OCL_QUEUE, CL_INVALID_COMMAND_QUEUE);
}

CL_API_ENTRY cl_int CL_API_CALL clReleaseCommandQueue(cl_command_queue q)
{
    return ocl_release(q, OCL_QUEUE, CL_INVALID_COMMAND_QUEUE, ocl_queue_free_if_unused);
}

CL_API_ENTRY cl_int CL_API_CALL clGetCommandQueueInfo(cl_command_queue q, cl_command_queue_info param_name,
                                                      size_t param_value_size, void *param_value,
                                                      size_t *param_value_size_ret)
{
    ocl_lock();
    cl_int err = CL_INVALID_COMMAND_QUEUE;
    if (ocl_valid(q, OCL_QUEUE)) {
        size_t s = param_value_size;
        void *v = param_value;
        size_t *r = param_value_size_ret;
        cl_uint u;
        cl_device_id d = &ocl_the_device;
        cl_command_queue none = NULL;
        switch (param_name) {
        case CL_QUEUE_CONTEXT: err = ocl_info(&q->ctx, sizeof q->ctx, s, v, r); break;
        case CL_QUEUE_DEVICE: err = ocl_info(&d, sizeof d, s, v, r); break;
        case CL_QUEUE_REFERENCE_COUNT: u = q->refs; err = ocl_info(&u, sizeof u, s, v, r); break;
        case CL_QUEUE_PROPERTIES: err = ocl_info(&q->props, sizeof q->props, s, v, r); break;
        case CL_QUEUE_PROPERTIES_ARRAY:
            err = ocl_info(q->prop_list, q->nprop_list * sizeof *q->prop_list, s, v, r);
            break;
        case CL_QUEUE_DEVICE_DEFAULT: err = ocl_info(&none, sizeof none, s, v, r); break;
        case CL_QUEUE_SIZE: err = CL_INVALID_COMMAND_QUEUE; break; /* only device queues have one */
        default: err = CL_INVALID_VALUE;
        }
    }
    ocl_unlock();
    return err;
}

CL_API_ENTRY cl_int CL_API_CALL clSetCommandQueueProperty(cl_command_queue q, cl_command_queue_properties properties,
                                                          cl_bool enable, cl_command_queue_properties *old)
{
    (void)q;
    (void)properties;
    (void)enable;
    (void)old;
    return CL_INVALID_OPERATION; /* deprecated in 1.1; not supported */
}

CL_API_ENTRY cl_int CL_API_CALL clSetDefaultDeviceCommandQueue(cl_context context, cl_device_id device,
                                                               cl_command_queue q)
{
    (void)device;
    (void)q;
    ocl_lock();
    int ok = ocl_valid(context, OCL_CONTEXT);
    ocl_unlock();
    return ok ? CL_INVALID_OPERATION : CL_INVALID_CONTEXT; /* no device queues */
}

/* ---------- events ---------- */

void ocl_event_hold(cl_event e)
{
    e->irefs++;
}

static void ocl_event_free_if_unused(void *obj)
{
    cl_event e = obj;
    if (e->refs || e->irefs)
        return;
    for (ocl_callback *cb = e->callbacks; cb;) {
        ocl_callback *next = cb->next;
        free(cb);
        cb = next;
    }
    cl_context c = e->ctx;
    cl_command_queue q = e->queue;
    ocl_delete(e);
    if (q)
        ocl_queue_drop(q);
    ocl_context_drop(c);
}

void ocl_event_drop(cl_event e)
{
    e->irefs--;
    ocl_event_free_if_unused(e);
}

static cl_event ocl_event_new(cl_context c, cl_command_queue q, cl_command_type type)
{
    cl_event e = ocl_new(sizeof *e, OCL_EVENT);
    if (!e)
        return NULL;
    e->refs = 0; /* the application's reference is added when it asks for the event */
    e->irefs = 1;
    e->ctx = c;
    e->queue = q;
    e->type = type;
    e->status = CL_QUEUED;
    e->times[0] = ocl_now_ns();
    ocl_context_hold(c);
    if (q)
        ocl_queue_hold(q);
    return e;
}

/* Runs the callbacks an event's new status reaches (each once), then wakes the waiters. */
void ocl_event_set_status(cl_event e, cl_int status)
{
    e->status = status;
    ocl_event_hold(e);
    for (;;) {
        ocl_callback **p = &e->callbacks, *cb = NULL;
        for (; *p; p = &(*p)->next)
            if (status <= (*p)->when) {
                cb = *p;
                *p = cb->next;
                break;
            }
        if (!cb)
            break;
        ((void(CL_CALLBACK *)(cl_event, cl_int, void *))cb->fn)(e, status < 0 ? status : cb->when, cb->user);
        free(cb);
    }
    ocl_event_drop(e);
    ocl_wake_all();
}

CL_API_ENTRY cl_int CL_API_CALL clRetainEvent(cl_event e)
{
    return ocl_retain(e, OCL_EVENT, CL_INVALID_EVENT);
}

CL_API_ENTRY cl_int CL_API_CALL clReleaseEvent(cl_event e)
{
    return ocl_release(e, OCL_EVENT, CL_INVALID_EVENT, ocl_event_free_if_unused);
}

CL_API_ENTRY cl_event CL_API_CALL clCreateUserEvent(cl_context context, cl_int *errcode_ret)
{
    ocl_lock();
    cl_int err = ocl_valid(context, OCL_CONTEXT) ? CL_SUCCESS : CL_INVALID_CONTEXT;
    cl_event e = err ? NULL : ocl_event_new(context, NULL, CL_COMMAND_USER);
    if (!err && !e)
        err = CL_OUT_OF_HOST_MEMORY;
    if (e) {
        e->status = CL_SUBMITTED;
        e->refs = 1;
        e->irefs = 0;
    }
    ocl_unlock();
    if (errcode_ret)
        *errcode_ret = err;
    return e;
}

static void ocl_progress_all(void);

CL_API_ENTRY cl_int CL_API_CALL clSetUserEventStatus(cl_event e, cl_int execution_status)
{
    ocl_lock();
    cl_int err = CL_SUCCESS;
    if (!ocl_valid(e, OCL_EVENT) || e->queue || e->type != CL_COMMAND_USER)
        err = CL_INVALID_EVENT;
    else if (execution_status > CL_COMPLETE)
        err = CL_INVALID_VALUE;
    else if (e->status <= CL_COMPLETE)
        err = CL_INVALID_OPERATION; /* set once */
    if (!err) {
        ocl_event_set_status(e, execution_status);
        ocl_progress_all();
    }
    ocl_unlock();
    return err;
}

CL_API_ENTRY cl_int CL_API_CALL clSetEventCallback(cl_event e, cl_int command_exec_callback_type,
                                                   void(CL_CALLBACK *pfn_notify)(cl_event, cl_int, void *),
                                                   void *user_data)
{
    ocl_lock();
    cl_int err = CL_SUCCESS;
    if (!ocl_valid(e, OCL_EVENT))
        err = CL_INVALID_EVENT;
    else if (!pfn_notify || (command_exec_callback_type != CL_SUBMITTED && command_exec_callback_type != CL_RUNNING &&
                             command_exec_callback_type != CL_COMPLETE))
        err = CL_INVALID_VALUE;
    ocl_callback *cb = err ? NULL : calloc(1, sizeof *cb);
    if (!err && !cb)
        err = CL_OUT_OF_HOST_MEMORY;
    if (cb) {
        cb->fn = (void (*)(void))pfn_notify;
        cb->user = user_data;
        cb->when = command_exec_callback_type;
        if (e->status <= command_exec_callback_type) { /* already there: call it now */
            pfn_notify(e, e->status < 0 ? e->status : command_exec_callback_type, user_data);
            free(cb);
        } else {
            ocl_callback **p = &e->callbacks; /* kept in registration order */
            while (*p)
                p = &(*p)->next;
            *p = cb;
        }
    }
    ocl_unlock();
    return err;
}

CL_API_ENTRY cl_int CL_API_CALL clGetEventInfo(cl_event e, cl_event_info param_name, size_t param_value_size,
                                               void *param_value, size_t *param_value_size_ret)
{
    ocl_lock();
    cl_int err = CL_INVALID_EVENT;
    if (ocl_valid(e, OCL_EVENT)) {
        size_t s = param_value_size;
        void *v = param_value;
        size_t *r = param_value_size_ret;
        cl_uint u;
        switch (param_name) {
        case CL_EVENT_COMMAND_QUEUE: err = ocl_info(&e->queue, sizeof e->queue, s, v, r); break;
        case CL_EVENT_CONTEXT: err = ocl_info(&e->ctx, sizeof e->ctx, s, v, r); break;
        case CL_EVENT_COMMAND_TYPE: err = ocl_info(&e->type, sizeof e->type, s, v, r); break;
        case CL_EVENT_COMMAND_EXECUTION_STATUS: err = ocl_info(&e->status, sizeof e->status, s, v, r); break;
        case CL_EVENT_REFERENCE_COUNT: u = e->refs; err = ocl_info(&u, sizeof u, s, v, r); break;
        default: err = CL_INVALID_VALUE;
        }
    }
    ocl_unlock();
    return err;
}

CL_API_ENTRY cl_int CL_API_CALL clGetEventProfilingInfo(cl_event e, cl_profiling_info param_name,
                                                        size_t param_value_size, void *param_value,
                                                        size_t *param_value_size_ret)
{
    ocl_lock();
    cl_int err = CL_SUCCESS;
    if (!ocl_valid(e, OCL_EVENT))
        err = CL_INVALID_EVENT;
    else if (!e->queue || !(e->queue->props & CL_QUEUE_PROFILING_ENABLE) || e->status != CL_COMPLETE)
        err = CL_PROFILING_INFO_NOT_AVAILABLE;
    else if (param_name < CL_PROFILING_COMMAND_QUEUED || param_name > CL_PROFILING_COMMAND_COMPLETE)
        err = CL_INVALID_VALUE;
    if (!err) {
        int i = param_name == CL_PROFILING_COMMAND_COMPLETE ? 3 : (int)(param_name - CL_PROFILING_COMMAND_QUEUED);
        err = ocl_info(&e->times[i], sizeof e->times[i], param_value_size, param_value, param_value_size_ret);
    }
    ocl_unlock();
    return err;
}

/* ---------- the command engine ---------- */

ocl_cmd *ocl_cmd_new(cl_command_queue q, cl_command_type type, cl_uint nwait, const cl_event *wait, cl_int *err)
{
    *err = CL_SUCCESS;
    if (!ocl_valid(q, OCL_QUEUE)) {
        *err = CL_INVALID_COMMAND_QUEUE;
        return NULL;
    }
    if ((nwait == 0) != (wait == NULL)) {
        *err = CL_INVALID_EVENT_WAIT_LIST;
        return NULL;
    }
    for (cl_uint i = 0; i < nwait; i++) {
        if (!ocl_valid(wait[i], OCL_EVENT)) {
            *err = CL_INVALID_EVENT_WAIT_LIST;
            return NULL;
        }
        if (wait[i]->ctx != q->ctx) {
            *err = CL_INVALID_CONTEXT;
            return NULL;
        }
    }
    ocl_cmd *c = calloc(1, sizeof *c);
    cl_event *w = nwait ? calloc(nwait, sizeof *w) : NULL;
    cl_event e = c && (w || !nwait) ? ocl_event_new(q->ctx, q, type) : NULL;
    if (!e) {
        free(c);
        free(w);
        *err = CL_OUT_OF_HOST_MEMORY;
        return NULL;
    }
    for (cl_uint i = 0; i < nwait; i++) {
        w[i] = wait[i];
        ocl_event_hold(w[i]);
    }
    c->queue = q;
    c->ev = e;
    c->nwait = nwait;
    c->wait = w;
    ocl_queue_hold(q);
    return c;
}

void ocl_cmd_free(ocl_cmd *c)
{
    if (!c)
        return;
    for (cl_uint i = 0; i < c->nwait; i++)
        ocl_event_drop(c->wait[i]);
    free(c->wait);
    for (int i = 0; i < 2; i++)
        if (c->mem[i])
            ocl_mem_drop(c->mem[i]);
    if (c->kernel) {
        ocl_args_free(c->args, c->kernel->nargs);
        ocl_kernel_drop(c->kernel);
    }
    cl_command_queue q = c->queue;
    ocl_event_drop(c->ev);
    free(c);
    ocl_queue_drop(q);
}

/* Runs the queue's commands from the head while their events allow; returns how many ran. */
static int ocl_queue_progress(cl_command_queue q)
{
    int ran = 0;
    while (q->head) {
        ocl_cmd *c = q->head;
        int failed = 0;
        for (cl_uint i = 0; i < c->nwait; i++) {
            if (c->wait[i]->status > CL_COMPLETE)
                return ran;
            failed |= c->wait[i]->status < 0;
        }
        q->head = c->next;
        if (!q->head)
            q->tail = NULL;
        c->ev->times[2] = ocl_now_ns();
        ocl_event_set_status(c->ev, CL_RUNNING);
        cl_int rc = failed ? CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST : c->run ? c->run(c) : CL_SUCCESS;
        c->ev->times[3] = ocl_now_ns();
        ocl_event_set_status(c->ev, rc < 0 ? rc : CL_COMPLETE);
        ocl_cmd_free(c);
        ran++;
    }
    return ran;
}

static void ocl_progress_all(void)
{
    static int busy;
    if (busy)
        return; /* a callback inside progress: the outer loop picks up what it enabled */
    busy = 1;
    for (int ran = 1; ran;) {
        ran = 0;
        for (cl_command_queue q = ocl_live_queues; q; q = q->next_live) {
            ocl_queue_hold(q);
            ran += ocl_queue_progress(q);
            q->irefs--; /* freeing waits for the sweep below: the list is being walked */
        }
    }
    busy = 0;
    /* queues released while walking; a free may run application callbacks (a context destructor)
       that release other queues, so the walk starts again after each */
    for (int freed = 1; freed;) {
        freed = 0;
        for (cl_command_queue q = ocl_live_queues; q; q = q->next_live)
            if (!q->refs && !q->irefs && !q->head) {
                ocl_queue_free_if_unused(q);
                freed = 1;
                break;
            }
    }
}

cl_int ocl_cmd_submit(ocl_cmd *c, cl_event *event, int blocking)
{
    cl_command_queue q = c->queue;
    cl_event e = c->ev;
    ocl_event_hold(e);
    if (event) {
        e->refs++;
        *event = e;
    }
    e->times[1] = ocl_now_ns();
    ocl_event_set_status(e, CL_SUBMITTED);
    if (q->tail)
        q->tail->next = c;
    else
        q->head = c;
    q->tail = c;
    ocl_progress_all();
    cl_int rc = CL_SUCCESS;
    if (blocking && e->status > CL_COMPLETE && ocl_lock_nested()) {
        rc = CL_INVALID_OPERATION; /* a blocking call from a callback would wait for itself */
    } else if (blocking) {
        while (e->status > CL_COMPLETE)
            ocl_wait_cond();
        if (e->status < 0)
            rc = CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST;
    }
    ocl_event_drop(e);
    return rc;
}

cl_int ocl_wait_events(cl_uint n, const cl_event *list)
{
    ocl_progress_all();
    int failed = 0;
    for (cl_uint i = 0; i < n; i++)
        if (list[i]->status > CL_COMPLETE && ocl_lock_nested())
            return CL_INVALID_OPERATION; /* from a callback: see ocl_lock_nested */
    for (cl_uint i = 0; i < n; i++) {
        while (list[i]->status > CL_COMPLETE)
            ocl_wait_cond();
        failed |= list[i]->status < 0;
    }
    return failed ? CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST : CL_SUCCESS;
}

CL_API_ENTRY cl_int CL_API_CALL clWaitForEvents(cl_uint num_events, const cl_event *event_list)
{
    if (num_events == 0 || !event_list)
        return CL_INVALID_VALUE;
    ocl_lock();
    cl_int err = CL_SUCCESS;
    for (cl_uint i = 0; i < num_events && !err; i++)
        if (!ocl_valid(event_list[i], OCL_EVENT))
            err = CL_INVALID_EVENT;
        else if (event_list[i]->ctx != event_list[0]->ctx)
            err = CL_INVALID_CONTEXT;
    if (!err) {
        cl_event *held = malloc(num_events * sizeof *held);
        if (!held) {
            err = CL_OUT_OF_HOST_MEMORY;
        } else {
            for (cl_uint i = 0; i < num_events; i++) {
                held[i] = event_list[i];
                ocl_event_hold(held[i]);
            }
            err = ocl_wait_events(num_events, held);
            for (cl_uint i = 0; i < num_events; i++)
                ocl_event_drop(held[i]);
            free(held);
        }
    }
    ocl_unlock();
    return err;
}

CL_API_ENTRY cl_int CL_API_CALL clFlush(cl_command_queue q)
{
    ocl_lock();
    cl_int err = ocl_valid(q, OCL_QUEUE) ? CL_SUCCESS : CL_INVALID_COMMAND_QUEUE;
    if (!err)
        ocl_progress_all();
    ocl_unlock();
    return err;
}

CL_API_ENTRY cl_int CL_API_CALL clFinish(cl_command_queue q)
{
    ocl_lock();
    cl_int err = ocl_valid(q, OCL_QUEUE) ? CL_SUCCESS : CL_INVALID_COMMAND_QUEUE;
    if (!err) {
        ocl_queue_hold(q);
        ocl_progress_all();
        if (q->head && ocl_lock_nested())
            err = CL_INVALID_OPERATION; /* from a callback: see ocl_lock_nested */
        while (!err && q->head)
            ocl_wait_cond();
        ocl_queue_drop(q);
    }
    ocl_unlock();
    return err;
}

/* Markers and barriers: a command with no work. In an in-order queue every earlier command is done
   before it runs, so "wait for all previous commands" needs no wait list of its own. */
static cl_int ocl_enqueue_marker(cl_command_queue q, cl_command_type type, cl_uint n, const cl_event *wait,
                                 cl_event *event)
{
    ocl_lock();
    cl_int err;
    ocl_cmd *c = ocl_cmd_new(q, type, n, wait, &err);
    if (c)
        err = ocl_cmd_submit(c, event, 0);
    ocl_unlock();
    return err;
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueMarkerWithWaitList(cl_command_queue q, cl_uint num_events_in_wait_list,
                                                            const cl_event *event_wait_list, cl_event *event)
{
    return ocl_enqueue_marker(q, CL_COMMAND_MARKER, num_events_in_wait_list, event_wait_list, event);
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueBarrierWithWaitList(cl_command_queue q, cl_uint num_events_in_wait_list,
                                                             const cl_event *event_wait_list, cl_event *event)
{
    return ocl_enqueue_marker(q, CL_COMMAND_BARRIER, num_events_in_wait_list, event_wait_list, event);
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueMarker(cl_command_queue q, cl_event *event)
{
    if (!event)
        return CL_INVALID_VALUE;
    return ocl_enqueue_marker(q, CL_COMMAND_MARKER, 0, NULL, event);
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueBarrier(cl_command_queue q)
{
    return ocl_enqueue_marker(q, CL_COMMAND_BARRIER, 0, NULL, NULL);
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueWaitForEvents(cl_command_queue q, cl_uint num_events,
                                                       const cl_event *event_list)
{
    if (num_events == 0 || !event_list)
        return CL_INVALID_VALUE;
    cl_int err = ocl_enqueue_marker(q, CL_COMMAND_MARKER, num_events, event_list, NULL);
    return err == CL_INVALID_EVENT_WAIT_LIST ? CL_INVALID_EVENT : err;
}
