/*
 * JVM TI's StopThread for the render guard (io.loadsmith.generation.NativeThreadStop): from Java 20
 * on Thread.stop throws, but the JVM still delivers a ThreadDeath to a thread when JVM TI asks, as it
 * does for debuggers. Nothing else is done here; the guard decides when.
 */
#include <jni.h>
#include <jvmti.h>
#include <string.h>

static jvmtiEnv *jvmti;

/* 0, or why JVM TI could not be had: -1 no JavaVM, -2 no JVM TI environment, else a jvmtiError. */
JNIEXPORT jint JNICALL Java_io_loadsmith_generation_NativeThreadStop_init(JNIEnv *env, jclass type) {
    JavaVM *vm;
    jvmtiEnv *ti;
    jvmtiCapabilities capabilities;
    jvmtiError error;
    if ((*env)->GetJavaVM(env, &vm) != JNI_OK) {
        return -1;
    }
    if ((*vm)->GetEnv(vm, (void **) &ti, JVMTI_VERSION_1_2) != JNI_OK) {
        return -2;
    }
    memset(&capabilities, 0, sizeof capabilities);
    capabilities.can_signal_thread = 1;
    error = (*ti)->AddCapabilities(ti, &capabilities);
    if (error != JVMTI_ERROR_NONE) {
        return (jint) error;
    }
    jvmti = ti;
    return 0;
}

/* 0 when the throwable is on its way to the thread, else a jvmtiError (-1 before init). */
JNIEXPORT jint JNICALL Java_io_loadsmith_generation_NativeThreadStop_stop(JNIEnv *env, jclass type,
                                                                          jthread thread, jthrowable throwable) {
    if (jvmti == NULL) {
        return -1;
    }
    return (jint) (*jvmti)->StopThread(jvmti, thread, throwable);
}
